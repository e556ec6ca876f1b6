// The flows site's only script: draws the chart with the vendored Mermaid and makes each state
// box and arrow label open that state's or transition's details below (click, Enter or
// Space); links to a state open it too.
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

  /** Makes a drawn element a button that opens the details with this id. */
  function makeButton(element, name, id) {
    element.setAttribute('role', 'button');
    element.setAttribute('tabindex', '0');
    element.setAttribute('aria-label', name);
    element.classList.add('chart__link');
    var go = function (event) {
      event.stopPropagation();
      history.replaceState(null, '', '#' + id);
      openState(id);
    };
    element.addEventListener('click', go);
    element.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        go(event);
      }
    });
  }

  function linkChart(svg) {
    document.querySelectorAll('details[data-chart-id]').forEach(function (details) {
      var box = boxOf(svg, details.getAttribute('data-chart-id'));
      if (!box) return;
      var statePath = details.querySelector('summary code').textContent;
      var label = details.querySelector('.state__label').textContent;
      // The box shows the state's key: the name starts with it, as it must for voice control.
      makeButton(box, statePath.split('.').pop() + ' (' + statePath + '): ' + label, details.id);
    });
    // An arrow's label is drawn as <g class="edgeLabel"><g class="label" data-id="edgeN">.
    document.querySelectorAll('details[data-chart-edges]').forEach(function (details) {
      details.getAttribute('data-chart-edges').split(' ').forEach(function (edge) {
        var label = edge && svg.querySelector('g.label[data-id="' + edge + '"]');
        if (!label || !label.textContent.trim()) return;
        makeButton(label.parentNode, label.textContent.trim() + ': ' + details.querySelector('summary code').textContent, details.id);
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
    linkChart(svg);
    document.body.setAttribute('data-chart', 'drawn');
  });
})();
