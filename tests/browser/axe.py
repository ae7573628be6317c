"""The accessibility check: axe-core, injected into a page Playwright has open.

``axe.min.js`` is fetched from npm at a pinned version by ``tools/vendor_axe.sh``
(``make test`` and ``make browser`` run it) into ``_vendor_test/axe/``, a folder
the book does not publish; it is added to the page as an inline script, so the
check makes no request.  The full results (every impact) go to
``test-output/axe/<name>.json``; a test fails on a violation whose impact is
"serious" or "critical".  Where an element the book cannot change (the Sphinx
theme's, Voila's) violates a rule, the test names it in a waiver: that rule
still runs on every other element of the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "_vendor_test" / "axe" / "axe.min.js"
FAILING_IMPACTS = ("serious", "critical")
IMPACTS = ("critical", "serious", "moderate", "minor")


# Runs axe, then moves each violating element that a waiver names (rule id: CSS
# selectors of elements the book cannot change) from "nodes" to "waived".
_RUN = """([options, waivers]) => axe.run(document, options).then(results => {
  const r = JSON.parse(JSON.stringify(results));
  const waived = (rule, node) => (waivers[rule] || []).some(selector => {
    const target = node.target;
    if (target.length !== 1 || typeof target[0] !== "string") return false;
    const element = document.querySelector(target[0]);
    if (element === null || element.closest(selector) === null) return false;
    node.waivedBy = selector;
    return true;
  });
  r.waived = [];
  r.violations = r.violations.filter(v => {
    const kept = v.nodes.filter(n => !waived(v.id, n));
    const gone = v.nodes.filter(n => waived(v.id, n));
    if (gone.length) r.waived.push({...v, nodes: gone});
    v.nodes = kept;
    return kept.length > 0;
  });
  return r;
})"""


# Waits for every animation on the page that ends (a finite one) to finish.
_SETTLE = """() => Promise.all(document.getAnimations()
  .filter(a => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
  .map(a => a.finished.catch(() => null)))
  .then(() => new Promise(done => requestAnimationFrame(() => done(null))))"""


def run_axe(
    page: Any,
    disabled_rules: Iterable[str] = (),
    waivers: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, Any]:
    """Run axe-core on the whole document of ``page`` and return its results
    (``violations`` in full; the other result types are left out).  A rule of
    ``disabled_rules`` is not run; an element matching (or inside) a selector
    that ``waivers`` gives for a rule is moved to ``results["waived"]``."""
    if not AXE_JS.exists():
        pytest.fail("axe-core is not vendored: run `make browser` (it runs tools/vendor_axe.sh)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    # axe judges what is drawn now: a move of the Tiến Lên log that is still
    # fading in (its entrance animation starts at opacity 0) fails the colour
    # contrast rule for a moment.  Let every finite animation end first, so the
    # page is judged as a reader sees it once it is still.
    page.evaluate(_SETTLE)
    options = {
        "resultTypes": ["violations"],
        "rules": {rule: {"enabled": False} for rule in disabled_rules},
    }
    results: dict[str, Any] = page.evaluate(_RUN, [options, dict(waivers or {})])
    return results


def count_by_impact(violations: list[dict[str, Any]]) -> dict[str, int]:
    """How many violated rules there are of each impact."""
    counts = dict.fromkeys(IMPACTS, 0)
    for violation in violations:
        counts[violation.get("impact") or "minor"] += 1
    return counts


def describe(violations: list[dict[str, Any]], targets: int = 3) -> str:
    """One line per violated rule: id, impact, help and its first few elements."""
    lines = []
    for v in violations:
        nodes = v.get("nodes", [])
        shown = [" ".join(map(str, node.get("target", []))) for node in nodes[:targets]]
        more = f" (and {len(nodes) - targets} more)" if len(nodes) > targets else ""
        lines.append(
            f"  {v['id']} [{v.get('impact')}] {v.get('help')}: {len(nodes)} element(s): "
            f"{'; '.join(shown)}{more}"
        )
    return "\n".join(lines)


def check_accessibility(
    page: Any,
    name: str,
    output_dir: Path,
    disabled_rules: Iterable[str] = (),
    waivers: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, Any]:
    """Run axe-core, write its results to ``test-output/axe/<name>.json`` and
    fail on any serious or critical violation (see :func:`run_axe` for
    ``disabled_rules`` and ``waivers``)."""
    disabled = sorted(disabled_rules)
    results = run_axe(page, disabled, waivers)
    results["thirteen"] = {"page": name, "disabled_rules": disabled, "waivers": waivers or {}}
    folder = output_dir / "axe"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(
        json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    violations = results["violations"]
    failing = [v for v in violations if v.get("impact") in FAILING_IMPACTS]
    counts = ", ".join(f"{n} {impact}" for impact, n in count_by_impact(violations).items())
    waived = sum(len(v["nodes"]) for v in results["waived"])
    print(f"\naxe {name}: {counts}; {waived} element(s) waived (test-output/axe/{name}.json)")
    assert not failing, (
        f"{name}: {len(failing)} serious or critical accessibility violation(s) (axe-core "
        f"{results.get('testEngine', {}).get('version')}, full results in "
        f"test-output/axe/{name}.json):\n{describe(failing)}"
    )
    return results
