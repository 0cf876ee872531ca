"""The build, the dev server, the test layers and the benchmarks of the Celestix card room.

``build.py`` (the command line) runs :func:`tools.cli.main`. One module a job:

* :mod:`tools.common`     paths, progress lines, commands, cache locks, atomic directories
* :mod:`tools.downloads`  the pinned downloads (Pyodide, micropip, axe-core, test wheels)
* :mod:`tools.node_packages`  the build's pinned npm packages (``tools/package-lock.json``)
* :mod:`tools.wheel`      the engine wheel (reproducible, cached by its sources)
* :mod:`tools.bytecode`   the engine's bytecode, compiled by Pyodide under Node
* :mod:`tools.snapshot`   the memory snapshot of Pyodide with the engine imported
* :mod:`tools.icons`      the PNG icons, drawn from the SVGs by resvg
* :mod:`tools.rules_pages`  the rules pages, Markdown rendered to HTML fragments
* :mod:`tools.site`       assembling ``dist/``: the boot manifest, ``sw.js``, ``build.json``
* :mod:`tools.server`     the static server of ``serve``, the tests and the benchmarks
* :mod:`tools.env`        the virtual environment, Chromium and Node
* :mod:`tools.layers`     the test layers and their summary
* :mod:`tools.bench`      the benchmarks (``bench/``)
* :mod:`tools.cli`        the subcommands

The Node scripts run by the build are files beside these modules (``*.mjs``).
"""
