// The flows site's only script: draws the chart with the vendored Mermaid and makes each state
// box open that state's details below (click, Enter or Space); links to a state open it too.
// Everything else on the page is plain HTML that reads without it.
/* global mermaid */
(function () {
  function openState(id) {
    var details = document.getElementById(id);
    if (!details || details.tagName !== 'DETAILS') return;
    details.open = true;
    details.scrollIntoView({ block: 'start' });
    details.querySelector('summary').focus({ preventScroll: true });
  }

  function openFromHash() {
    if (location.hash.length > 1) openState(decodeURIComponent(location.hash.slice(1)));
  }

  /** Mermaid names a state's group `…state-<id>-<n>`; the id is what the page generator wrote. */
  function boxOf(svg, chartId) {
    var pattern = new RegExp('(^|-)state-' + chartId + '-\\d+$');
    var groups = svg.querySelectorAll('g[id]');
    for (var i = 0; i < groups.length; i++) if (pattern.test(groups[i].id)) return groups[i];
    return null;
  }

  function linkBoxes(svg) {
    document.querySelectorAll('details[data-chart-id]').forEach(function (details) {
      var box = boxOf(svg, details.getAttribute('data-chart-id'));
      if (!box) return;
      var label = details.querySelector('.state__label').textContent;
      var statePath = details.querySelector('summary code').textContent;
      box.setAttribute('role', 'button');
      box.setAttribute('tabindex', '0');
      // The box shows the state's key: the name starts with it, as it must for voice control.
      box.setAttribute('aria-label', statePath.split('.').pop() + ' (' + statePath + '): ' + label);
      box.classList.add('chart__state');
      var go = function (event) {
        event.stopPropagation();
        history.replaceState(null, '', '#' + details.id);
        openState(details.id);
      };
      box.addEventListener('click', go);
      box.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          go(event);
        }
      });
    });
  }

  window.addEventListener('hashchange', openFromHash);
  openFromHash();

  var source = document.querySelector('pre.mermaid');
  if (!source || !window.mermaid) return;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
  mermaid.render('flow-chart', source.textContent).then(function (result) {
    var holder = document.createElement('div');
    holder.className = 'chart__drawing';
    holder.innerHTML = result.svg;
    var svg = holder.querySelector('svg');
    svg.setAttribute('aria-label', source.getAttribute('aria-label'));
    source.replaceWith(holder);
    linkBoxes(svg);
    document.body.setAttribute('data-chart', 'drawn');
  });
})();
