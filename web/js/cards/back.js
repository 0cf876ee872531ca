// The Celestix card back, shared by every deck: a lattice of fine gold lines on the
// back colour (CSS --back, --back-deep, --back-line), a double border and a star
// medallion. Symmetric, so it reads the same either way up.

export const BACK_DEFS = `
<pattern id="cx-lattice" width="22" height="22" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
  <rect width="22" height="22" class="back-field"/>
  <path d="M0 0H22M0 0V22" class="back-line"/>
  <circle cx="11" cy="11" r="1.6" class="back-dot"/>
</pattern>
<symbol id="cx-star" viewBox="-50 -50 100 100">
  <path d="M0-46 9-12 33-33 12-9 46 0 12 9 33 33 9 12 0 46-9 12-33 33-12 9-46 0-12-9-33-33-9-12Z"/>
</symbol>`;

const BACK = `
<rect class="back-base" x="1" y="1" width="248" height="348" rx="18"/>
<rect x="16" y="16" width="218" height="318" rx="9" fill="url(#cx-lattice)"/>
<rect class="back-frame" x="16" y="16" width="218" height="318" rx="9"/>
<rect class="back-frame thin" x="24" y="24" width="202" height="302" rx="5"/>
<circle class="back-medal" cx="125" cy="175" r="44"/>
<circle class="back-frame thin" cx="125" cy="175" r="36"/>
<use href="#cx-star" class="back-star" x="95" y="145" width="60" height="60"/>
<circle class="back-dot" cx="125" cy="175" r="4"/>`;

export function backMarkup() {
  return BACK;
}
