"""Inviting friends (issue 25): each invitation and answer drawn as a QR code that reads
back as the very link or answer (the drawn pixels decoded), at a module size a phone's
camera reads; the answer scanned with the camera (the page's camera faked with a canvas
showing the friend's QR code), a "Scan" button only where a camera may be used; the
accessible names name the seat ("North"), the visible words the friend ("Bea"); and the
friends told, every connection closed, when the host leaves the table, starts another
game or closes the page."""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from a11y import AxeCheck
from friendskit import CONNECT_MS, Booted, invite_bea
from tablekit import BOOT_TIMEOUT_MS, PHONE, WIDE, booted, new_game_options, no_errors, open_table

# Smallest module of a drawn QR code, in CSS pixels (a phone reads it across a table)
MIN_MODULE_PX = 3

# The image `png` (base64) read as a QR code by the page's own reader (the vendored
# library's, at each of its scales)
DECODE = """async (png) => {
  const {decodePicture} = await import("/js/table/friends/qr.js");
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  return decodePicture(bitmap, bitmap.width, bitmap.height);
}"""

# A camera faked: enumerateDevices lists one, getUserMedia streams a canvas on which
# window.cameraText is drawn as a QR code (by the vendored library) once it is set;
# `detector`: a BarcodeDetector too, reading window.cameraText (else none: the library's
# reader decodes the frames)
FAKE_CAMERA = """async (detector) => {
  const {encodeQR} = await import("/vendor/qr/index.js");
  const media = navigator.mediaDevices;
  window.cameraOpened = 0;
  window.detected = 0;
  window.cameraText = "";  // (a test before may have failed while the camera showed a code)
  media.enumerateDevices = async () => [{kind: "videoinput", deviceId: "", label: "", groupId: ""}];
  media.getUserMedia = async () => {
    window.cameraOpened += 1;
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext("2d");
    const paint = () => {
      context.fillStyle = "#777";
      context.fillRect(0, 0, 640, 480);
      if (!window.cameraText) return;
      const rows = encodeQR(window.cameraText, "raw", {ecc: "low", border: 2});
      const m = Math.floor(440 / rows.length);
      const x0 = (640 - m * rows.length) / 2;
      const y0 = (480 - m * rows.length) / 2;
      rows.forEach((row, y) => row.forEach((dark, x) => {
        context.fillStyle = dark ? "#000" : "#fff";
        context.fillRect(x0 + x * m, y0 + y * m, m, m);
      }));
    };
    paint();
    const stream = canvas.captureStream(10);
    window.cameraStream = stream;
    const timer = setInterval(paint, 100);
    stream.getVideoTracks()[0].addEventListener("ended", () => clearInterval(timer));
    return stream;
  };
  if (detector) {
    window.BarcodeDetector = class {
      static async getSupportedFormats() { return ["qr_code", "ean_13"]; }
      async detect(source) {
        window.detected += 1;
        return source instanceof HTMLVideoElement && window.cameraText
          ? [{format: "qr_code", rawValue: window.cameraText}] : [];
      }
    };
  } else delete window.BarcodeDetector;
}"""

# Every RTCPeerConnection the page makes, kept in window.peers
RECORD_PEERS = """() => {
  if (window.peers) return;
  window.peers = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Original(...args);
    window.peers.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Original.prototype;
}"""


def decoded(page: Page, image: Locator) -> str:
    """What the QR code drawn in `image` says, read from its pixels on the screen."""
    png = base64.b64encode(image.screenshot()).decode()
    return str(page.evaluate(DECODE, png))


def module_px(image: Locator) -> float:
    """The drawn size of one module of a QR code, in CSS pixels."""
    box = image.bounding_box()
    assert box is not None
    return box["width"] / int(image.get_attribute("data-modules") or 0)


def lobby(page: Page, camera: bool | None = None) -> Locator:
    """The host's table, its lobby with a friend "Bea" in North's seat: the invitations.
    ``camera``: a fake camera (True: with a BarcodeDetector; False: without one)."""

    def prepared(page: Page) -> None:
        page.evaluate(RECORD_PEERS)
        if camera is not None:
            page.evaluate(FAKE_CAMERA, camera)

    return invite_bea(page, prepared)


def answer_of(gpage: Page, link: str) -> str:
    """The friend opens the invitation: the answer its page shows."""
    gpage.goto(link)
    answer = gpage.get_by_role("textbox", name="Answer for the host")
    expect(answer).to_have_value(re.compile(r"^[A-Za-z0-9_-]{40,}$"))
    return answer.input_value()


def connected(invite: Locator) -> None:
    """Bea's seat connected."""
    expect(invite.locator('.fr-invite[data-status="here"]')).to_contain_text(
        "Bea: Connected", timeout=CONNECT_MS
    )


def seated(invite: Locator, gpage: Page) -> None:
    """Bea's seat connected, the game started, the friend's table dealt."""
    connected(invite)
    invite.get_by_role("button", name="Start").click()
    expect(gpage.locator(".tp-hand .card")).to_have_count(13, timeout=CONNECT_MS)


def test_the_invitation_and_the_answer_as_qr_codes(
    host: Booted, friend: Booted, axe: AxeCheck
) -> None:
    hpage, herrors = host
    gpage, gerrors = friend
    invite = lobby(hpage)
    link = invite.get_by_role("textbox", name="Invitation link for North").input_value()
    # the seat's name for tests and screen readers, the friend's name in the words
    seat = invite.get_by_role("group", name="North")
    expect(seat.get_by_role("heading")).to_have_text("North: Bea")
    paste = seat.get_by_role("textbox", name="Paste North's answer")
    expect(paste).to_have_attribute("placeholder", "Bea's answer")
    expect(seat.locator(".fr-status")).to_contain_text("Send Bea this link")
    image = seat.get_by_role("img", name="QR code of the invitation for North")
    expect(image).to_be_visible()
    assert decoded(hpage, image) == link
    assert module_px(image) >= 4  # room enough at 1440x900: four pixels a module
    # no camera in this browser: the answer is pasted, no "Scan" is offered
    expect(seat.get_by_role("button", name="Connect")).to_be_visible()
    expect(seat.get_by_role("button", name=re.compile("^Scan"))).to_have_count(0)
    axe(hpage, "the invitations with their QR codes")
    # the same lobby on a phone: the code still drawn large enough
    hpage.set_viewport_size(PHONE)
    try:
        image.scroll_into_view_if_needed()
        assert module_px(image) >= MIN_MODULE_PX
        assert module_px(image) == int(module_px(image))  # whole pixels: no uneven modules
        assert decoded(hpage, image) == link
    finally:
        hpage.set_viewport_size(WIDE)  # (the module's next tests open the wide table)

    answer = answer_of(gpage, link)
    expect(gpage.locator(".fr-join")).to_contain_text("sit at North's seat")
    code = gpage.get_by_role("img", name="QR code of the answer for the host")
    expect(code).to_be_visible()
    assert module_px(code) >= MIN_MODULE_PX
    assert decoded(gpage, code) == answer
    axe(gpage, "the friend's answer with its QR code")
    paste.fill(answer)
    seat.get_by_role("button", name="Connect").click()
    seated(invite, gpage)
    no_errors(herrors)
    no_errors(gerrors)


# Sixty invitation-sized codes (fixed texts), each drawn by the page (its image's path of
# dark modules painted) at whole pixels a module (2 to 5) and read back by the page's
# reader; also how many of them the library's reader alone, at the drawn size, misreads
READ_BACK = """async () => {
  const {qrImage, decodePicture} = await import("/js/table/friends/qr.js");
  const {decodeQR} = await import("/vendor/qr/decode.js");
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const misread = [];
  let bareMisread = 0;
  for (let n = 0; n < 60; n++) {
    let text = "https://celestix.example/#join/i=";  // (not the test server's port)
    for (let i = 560 + (next() % 160); i > 0; i--) text += letters[next() % 64];
    const svg = await qrImage(text, "code");
    const modules = Number(svg.dataset.modules);
    const px = 2 + (n % 4);
    const side = modules * px;
    const canvas = new OffscreenCanvas(side, side);
    const context = canvas.getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, side, side);
    context.scale(px, px);  // the drawn image's path of dark modules, painted
    context.fillStyle = "#000";
    context.fill(new Path2D(svg.querySelector("path").getAttribute("d")));
    const bitmap = await createImageBitmap(canvas);
    if ((await decodePicture(bitmap, side, side)) !== text) misread.push(n);
    try {
      if (decodeQR(context.getImageData(0, 0, side, side)) !== text) bareMisread += 1;
    } catch {
      bareMisread += 1;
    }
  }
  return {misread, bareMisread};
}"""


def test_every_code_drawn_is_read_back(host: Booted) -> None:
    """The page's reader reads every code the page draws, at any whole module size: the
    library's reader alone misreads some (its grid placed from the finder patterns)."""
    page, errors = host
    open_table(page, "precedence", hash_="/deal=4242")
    found = page.evaluate(READ_BACK)
    assert found["misread"] == []
    assert found["bareMisread"] > 0  # (the reason for the reader's scales)
    no_errors(errors)


def test_the_answer_as_a_link_opened_on_the_host_device(host: Booted, friend: Booted) -> None:
    hpage, herrors = host
    gpage, gerrors = friend
    invite = lobby(hpage)
    seat = invite.get_by_role("group", name="North")
    code = answer_of(
        gpage, seat.get_by_role("textbox", name="Invitation link for North").input_value()
    )
    field = gpage.get_by_role("textbox", name="Answer link for the host")
    expect(field).to_have_value(re.compile(r"/#answer/a=[A-Za-z0-9_-]{40,}$"))
    href = field.input_value()
    assert href.endswith(f"/#answer/a={code}")
    expect(gpage.get_by_role("button", name="Copy the answer link")).to_be_visible()
    # the link opened in another tab of the host's browser: the lobby's seat connects
    tab = hpage.context.new_page()
    tab.goto(href)
    expect(tab.locator('.fr-join[data-status="taken"]')).to_contain_text(
        "Your table in the other tab has your friend's answer", timeout=BOOT_TIMEOUT_MS
    )
    connected(invite)
    expect(seat.get_by_role("textbox", name="Paste North's answer")).to_have_value(code)
    # opened again once the seat is connected: no table waits for it, the answer is shown
    tab.goto("/#")
    expect(tab.locator(".home")).to_be_visible()
    tab.goto(href)
    expect(tab.locator('.fr-join[data-status="waiting"]')).to_contain_text(
        "No table in this browser is waiting for this answer"
    )
    expect(tab.get_by_role("textbox", name="Your friend's answer")).to_have_value(code)
    tab.close()
    seated(invite, gpage)
    no_errors(herrors)
    no_errors(gerrors)


def test_scan_is_offered_only_where_a_camera_may_be_used(host: Booted) -> None:
    page, errors = host
    open_table(page, "precedence", hash_="/deal=4242")
    expect(page.locator(".table-page[data-turn]")).to_be_visible()
    found = page.evaluate(
        """async () => {
      const {canScan} = await import("/js/table/friends/qr.js");
      const media = navigator.mediaDevices;
      const real = media.enumerateDevices;
      const cameras = (list) => { media.enumerateDevices = async () => list; };
      const camera = {kind: "videoinput", deviceId: "", label: "", groupId: ""};
      const out = {};
      out.headless = await canScan();                  // this browser: no camera
      cameras([{kind: "audioinput", deviceId: "", label: "", groupId: ""}]);
      out.microphoneOnly = await canScan();
      cameras([camera]);
      window.BarcodeDetector = class { static async getSupportedFormats() { return ["qr_code"]; } };
      out.cameraAndDetector = await canScan();
      delete window.BarcodeDetector;
      out.cameraAlone = await canScan();                // the vendored reader instead
      out.policyAllows = (document.permissionsPolicy || document.featurePolicy)
        .allowsFeature("camera");
      Object.defineProperty(document, "permissionsPolicy", {
        configurable: true, value: {allowsFeature: (name) => name !== "camera"}});
      out.policyRefuses = await canScan();
      delete document.permissionsPolicy;
      const getUserMedia = media.getUserMedia;
      media.getUserMedia = undefined;
      out.noMediaCapture = await canScan();
      media.getUserMedia = getUserMedia;
      media.enumerateDevices = real;
      return out;
    }"""
    )
    assert found == {
        "headless": False,
        "microphoneOnly": False,
        "cameraAndDetector": True,
        "cameraAlone": True,
        # the site's headers allow the camera to its own pages (Permissions-Policy)
        "policyAllows": True,
        "policyRefuses": False,
        "noMediaCapture": False,
    }
    # and in the lobby: a camera faked, "Scan North's answer" beside Connect
    invite = lobby(page, camera=True)
    seat = invite.get_by_role("group", name="North")
    expect(seat.get_by_role("button", name="Scan North's answer")).to_be_visible()
    invite.get_by_role("button", name="Cancel").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    no_errors(errors)


# Failed once on 2026-11-27 in a fresh-clone CI run (the library's reader read nothing in
# 30 s; the barcode-detector case then read the answer the failed case had left on the
# fake camera: fixed, FAKE_CAMERA clears it); passed in three runs in a row of every
# friends test since (docs/FRIENDS.md), so no longer marked xfail.
@pytest.mark.parametrize("detector", [False, True], ids=["library-reader", "barcode-detector"])
def test_the_host_scans_the_answer(host: Booted, friend: Booted, detector: bool) -> None:
    hpage, herrors = host
    gpage, gerrors = friend
    invite = lobby(hpage, camera=detector)
    seat = invite.get_by_role("group", name="North")
    link = seat.get_by_role("textbox", name="Invitation link for North").input_value()
    answer = answer_of(gpage, link)
    scan = seat.get_by_role("button", name="Scan North's answer")
    scan.click()
    expect(seat.get_by_role("button", name="Stop scanning North's answer")).to_be_visible()
    expect(seat.locator("video.fr-camera")).to_be_visible()
    expect(seat.locator(".fr-status")).to_contain_text("Hold the answer's QR code up")
    # the friend's phone held up to the camera
    hpage.evaluate("(text) => { window.cameraText = text; }", answer)
    connected(invite)
    expect(seat.get_by_role("textbox", name="Paste North's answer")).to_have_value(answer)
    # the camera is off again: the picture gone, its tracks stopped
    expect(seat.locator("video.fr-camera")).to_be_hidden()
    assert hpage.evaluate("document.querySelector('video.fr-camera').srcObject") is None
    assert hpage.evaluate("window.cameraStream.getVideoTracks()[0].readyState") == "ended"
    expect(seat.get_by_role("button", name="Scan North's answer")).to_be_disabled()
    assert hpage.evaluate("window.cameraOpened") == 1
    assert (hpage.evaluate("window.detected") > 0) == detector
    hpage.evaluate("() => { window.cameraText = ''; }")
    seated(invite, gpage)
    no_errors(herrors)
    no_errors(gerrors)


def told(gpage: Page, reason: str) -> None:
    """The friend's page says the table has ended, and why."""
    expect(gpage.locator('.table-page[data-friend="ended"]')).to_be_attached(timeout=CONNECT_MS)
    expect(gpage.locator("#toasts")).to_contain_text(reason)


def peers_closed(hpage: Page) -> None:
    """Every connection the host's page made is closed."""
    hpage.wait_for_function(
        "() => window.peers.length > 0"
        " && window.peers.every((pc) => pc.signalingState === 'closed')"
    )


def friend_seated(hpage: Page, gpage: Page) -> None:
    invite = lobby(hpage)
    seat = invite.get_by_role("group", name="North")
    answer = answer_of(
        gpage, seat.get_by_role("textbox", name="Invitation link for North").input_value()
    )
    seat.get_by_role("textbox", name="Paste North's answer").fill(answer)
    seat.get_by_role("button", name="Connect").click()
    seated(invite, gpage)


# Failed once on 2026-11-27 (the friend told nothing within 30 s). A cause fixed: a host
# leaving while the lobby's first hand was dealt dropped its session with the connections
# open; passed in three runs in a row of every friends test since: no longer xfail.
def test_friends_are_told_when_the_host_leaves(
    browser: Browser, site: str, host: Booted, friend: Booted
) -> None:
    hpage, herrors = host
    gpage, gerrors = friend
    # the host goes to the home page: the table is left
    friend_seated(hpage, gpage)
    hpage.goto("/#")
    expect(hpage.locator(".home")).to_be_visible()
    told(gpage, "The host has left the table.")
    peers_closed(hpage)
    # the host starts another game on the same page
    friend_seated(hpage, gpage)
    new_game_options(hpage).get_by_role("button", name="Deal").click()
    told(gpage, "The host has started another game.")
    peers_closed(hpage)
    no_errors(herrors)
    # the host's page closes (pagehide): a host of its own, as that page is gone
    with booted(browser, site, viewport=WIDE) as (closing, errors):
        friend_seated(closing, gpage)
        no_errors(errors)
        closing.goto("about:blank")
        told(gpage, "The host has left the table.")
    no_errors(gerrors)


def seat_choice(page: Page, seat: int, choice: str, name: str = "") -> None:
    """In the open New game dialog, seat ``seat`` is ``choice`` (a level or "person")."""
    dialog = page.locator("dialog.options-dialog[open]")
    dialog.locator(f"select[name=level-{seat}]").select_option(choice)
    if name:
        dialog.locator(f"input[name=name-{seat}]").fill(name)


def lobby_of_new_game(page: Page, dialog: Locator) -> Locator:
    """The New game dialog's game dealt, then "Play with friends": the lobby's dialog."""
    dialog.get_by_role("button", name="Deal").click()
    expect(dialog).to_have_count(0)
    page.get_by_role("button", name="Play with friends").click()
    return page.locator("dialog[open]")


def test_the_lobby_speaks_of_this_device_as_new_game_does(host: Booted) -> None:
    """The lobby's seats in the words of pass-and-play's ("A person at this device", New
    game), and a game passed round this device seats its people as friends."""
    hpage, herrors = host
    open_table(hpage, "precedence")
    dialog = new_game_options(hpage)
    seat = dialog.locator("select[name=level-2]")
    expect(seat.locator("option", has_text="A person at this device")).to_have_count(1)
    # a game shared at this device: Ana (the host) and Bea in North's seat
    seat_choice(hpage, 2, "person", "Bea")
    dialog.locator("input[name=name-0]").fill("Ana")
    lobby = lobby_of_new_game(hpage, dialog)
    expect(lobby).to_contain_text(
        "The people sharing this device in your game are seated here as friends, each on"
        " their own device"
    )
    # the seats keep their own names (North, not Bea); Bea is North's friend
    north = lobby.get_by_role("combobox", name="Who plays North")
    expect(north).to_have_value("friend")
    expect(north.locator("option:checked")).to_have_text("A friend on their own device")
    expect(lobby.get_by_role("textbox", name="North's name")).to_have_value("Bea")
    expect(lobby.get_by_role("combobox", name="Who plays West")).to_have_value("computer")
    lobby.get_by_role("button", name="Cancel").click()
    # a game for one person at this device: the lobby says how to share it instead
    dialog = new_game_options(hpage)
    seat_choice(hpage, 2, "normal")
    lobby = lobby_of_new_game(hpage, dialog)
    expect(lobby).to_contain_text(
        "Each friend plays on their own phone or computer. To share this device instead,"
        " passing it round the table, choose “A person at this device” for a seat in New game."
    )
    expect(lobby.get_by_role("combobox", name="Who plays North")).to_have_value("friend")
    lobby.get_by_role("button", name="Cancel").click()
    no_errors(herrors)


# Holds the page's fetches of friends.json (the lobby's first step) until
# window.releaseFriends(), counting them
HOLD_FRIENDS_JSON = """() => {
    const fetch = window.fetch;
    const held = [];
    window.friendsFetches = 0;
    window.releaseFriends = () => held.splice(0).forEach((go) => go());
    window.unholdFriends = () => { window.fetch = fetch; window.releaseFriends(); };
    window.fetch = (url, ...rest) => {
        if (!String(url).endsWith("friends.json")) return fetch(url, ...rest);
        window.friendsFetches += 1;
        return new Promise((go) => held.push(go)).then(() => fetch(url, ...rest));
    };
}"""


def test_a_tool_pressed_again_while_it_gets_ready_opens_one_dialog(host: Booted) -> None:
    """Play with friends pressed twice while its lobby is still being prepared (the
    network's settings being read): the second press is not a second lobby."""
    page, errors = host
    open_table(page, "precedence", hash_="/deal=4242")
    expect(page.locator(".table-page[data-turn]")).to_be_visible()
    page.evaluate(HOLD_FRIENDS_JSON)
    try:
        one_lobby_for_two_presses(page)
    finally:
        page.evaluate("() => window.unholdFriends()")  # (the module's page goes on)
    no_errors(errors)


def one_lobby_for_two_presses(page: Page) -> None:
    tool = page.get_by_role("button", name="Play with friends")
    tool.click()
    assert page.evaluate("() => window.friendsFetches") == 1, "the press did not start the lobby"
    tool.click()
    # (a press runs its tool at once, up to that fetch: a second lobby would have asked)
    assert page.evaluate("() => window.friendsFetches") == 1, "a second lobby was started"
    page.evaluate("() => window.releaseFriends()")
    lobby = page.get_by_role("dialog", name="Play with friends")
    expect(lobby.get_by_role("combobox", name="Who plays North")).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(1)
    lobby.get_by_role("button", name="Cancel").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    # the tool works again once its dialog has been and gone
    tool.click()
    page.evaluate("() => window.releaseFriends()")
    expect(lobby).to_be_visible()
    lobby.get_by_role("button", name="Cancel").click()
