// gpubench history page: the trend chart of the selected case and figure (its time, or one of its memory figures),
// the run a point stands for, and the filters. Text
// from the store is only ever set through textContent or ECharts options (drawn on a canvas), never through
// innerHTML; a CI link is an anchor whose href the page builder allowed (http or https only).
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('gpubench-data').textContent);
  var chartEl = document.getElementById('trend-chart');
  var chart = echarts.init(chartEl, null, {renderer: 'canvas'});
  var current = -1;
  var filters = {testbed: '', branch: '', backend: '', precision: ''};

  function unitTime(ns) {
    if (ns === null || ns === undefined) { return '–'; }
    var a = Math.abs(ns);
    if (a >= 1e9) { return (ns / 1e9).toPrecision(4) + ' s'; }
    if (a >= 1e6) { return (ns / 1e6).toPrecision(4) + ' ms'; }
    if (a >= 1e3) { return (ns / 1e3).toPrecision(4) + ' µs'; }
    return ns.toPrecision(4) + ' ns';
  }
  // Bytes with a binary prefix and four significant digits, as the reports write them (Figures.bytes).
  function unitBytes(b) {
    if (b === null || b === undefined) { return '–'; }
    var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    var v = b, i = 0;
    while (Math.abs(v) >= 1024 && i < units.length - 1) { v /= 1024; i++; }
    return (i === 0 && v === Math.round(v) ? String(v) : v.toPrecision(4)) + ' ' + units[i];
  }
  function fmt(s, v) { return s.unit === 'B' ? unitBytes(v) : unitTime(v); }
  function pct(r) {
    if (r === null || r === undefined) { return '–'; }
    var v = (r - 1) * 100;
    return (v >= 0 ? '+' : '') + v.toFixed(1) + '%';
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }
  function keep(run) {
    var r = data.runs[run];
    return !filters.branch || r.branch === filters.branch;
  }

  // The figures the selected case has: its row's, then its memory figures.
  function figures(s) {
    var row = data.series[s.row];
    var sel = document.getElementById('figure');
    while (sel.firstChild) { sel.removeChild(sel.firstChild); }
    var choices = [[row.fig, s.row]];
    Object.keys(row.more || {}).forEach(function (f) { choices.push([f, row.more[f]]); });
    choices.forEach(function (c) {
      var o = el('option', c[0]);
      o.value = String(c[1]);
      sel.appendChild(o);
    });
    sel.value = String(data.series.indexOf(s));
    sel.disabled = choices.length < 2;
  }

  function render(i) {
    current = i;
    var s = data.series[i];
    var memory = s.unit === 'B';
    document.getElementById('trend-title').textContent = 'Trend: ' + (s.name || s['case']) + ' on ' + s.testbed
        + (s.fig === 'time' ? '' : ' · ' + s.label);
    document.getElementById('trend-hint').textContent = memory
        ? s.label + ' per run; red lines are change points by the gate\'s memory rule (1% + 1 MiB for device memory, '
          + '1% + 1024 B a trial over its calls for the bytes a call allocates), green ones accepted; runs flagged '
          + 'throttled, shared or contended are used (memory does not depend on them); grey triangles are runs set '
          + 'aside (a warm-up cut short, for the bytes a call allocates). Click a point to see its run.'
        : 'Median time per call with its 95% interval per run; red lines are change points, green ones accepted; grey '
          + 'triangles are runs flagged throttled, shared or contended (shown, never used for change points or '
          + 'baselines). Click a point to see its run.';
    figures(s);
    Array.prototype.forEach.call(document.querySelectorAll('tr.case-row'), function (row) {
      row.classList.toggle('selected', Number(row.getAttribute('data-series')) === s.row);
    });
    var low = [], band = [], median = [], flagged = [];
    s.p.forEach(function (p, k) {
      if (!keep(p[0]) || p[1] === null) { return; }
      var t = data.runs[p[0]].t;
      if (p[4]) {
        flagged.push([t, p[1], p[0], k]);
        return;
      }
      median.push([t, p[1], p[0], k]);
      if (p[2] !== null && p[3] !== null) {
        low.push([t, p[2]]);
        band.push([t, p[3] - p[2]]);
      }
    });
    var marks = s.cps.filter(function (c) { return keep(c.run); }).map(function (c) {
      var accepted = c.accepted !== null;
      return {xAxis: data.runs[c.run].t, name: c.shift + (accepted ? ' accepted' : ''),
        lineStyle: {color: accepted ? '#3a9d5d' : '#d0342c', type: accepted ? 'dashed' : 'solid', width: 2},
        label: {formatter: c.shift + (accepted ? ' (accepted)' : ''), color: accepted ? '#3a9d5d' : '#d0342c'}};
    });
    chart.setOption({
      animation: false,
      grid: {left: 70, right: 24, top: 30, bottom: 40},
      tooltip: {trigger: 'item', formatter: function (p) {
        if (!p.data || p.data.length < 3) { return ''; }
        var r = data.runs[p.data[2]];
        // The tooltip is HTML: everything from the store is encoded first.
        return echarts.format.encodeHTML(r.commit ? r.commit.substring(0, 10) : r.id) + '<br>'
            + echarts.format.encodeHTML(fmt(s, p.data[1]));
      }},
      xAxis: {type: 'time'},
      yAxis: {type: 'value', scale: true, name: s.label, axisLabel: {formatter: function (v) { return fmt(s, v); }}},
      series: [
        {name: 'band-low', type: 'line', data: low, stack: 'band', symbol: 'none', silent: true,
          lineStyle: {opacity: 0}},
        {name: 'interval', type: 'line', data: band, stack: 'band', symbol: 'none', silent: true,
          lineStyle: {opacity: 0}, areaStyle: {color: 'rgba(59,111,216,0.18)'}},
        {name: 'median', type: 'line', data: median, symbolSize: 7, itemStyle: {color: '#3b6fd8'},
          lineStyle: {color: '#3b6fd8'}, markLine: {symbol: 'none', silent: true, data: marks}},
        {name: 'flagged', type: 'scatter', data: flagged, symbol: 'triangle', symbolSize: 10,
          itemStyle: {color: '#999'}}
      ]
    }, true);
  }

  function showRun(i, k) {
    var s = data.series[i];
    var p = s.p[k];
    var r = data.runs[p[0]];
    var box = document.getElementById('run-detail');
    while (box.firstChild) { box.removeChild(box.firstChild); }
    box.appendChild(el('h3', 'Run ' + r.id));
    var dl = el('dl');
    function row(name, value) {
      dl.appendChild(el('dt', name));
      var dd = el('dd');
      if (value instanceof Node) { dd.appendChild(value); } else { dd.textContent = value === null ? '–' : value; }
      dl.appendChild(dd);
    }
    row('commit', r.commit === null ? 'unknown' : r.commit + (r.dirty ? ' (uncommitted changes)' : ''));
    row('branch', r.branch);
    row('started', r.start);
    row('testbed', r.testbed);
    row('host', r.host);
    if (r.url) {
      var a = el('a', (r.ci || 'CI') + (r.build ? ' build ' + r.build : ' build'));
      a.href = r.url;
      a.rel = 'noopener noreferrer';
      a.target = '_blank';
      row('CI', a);
    } else {
      row('CI', r.build ? (r.ci || 'CI') + ' build ' + r.build : null);
    }
    row('run', r.complete ? 'complete' : 'incomplete: ' + r.incomplete);
    row('case', s['case']);
    row('status', p[9]);
    row(s.fig === 'time' ? 'median' : s.label, fmt(s, p[1]) + (p[2] !== null && p[3] !== null ? ' (95% interval '
        + unitTime(p[2]) + ' – ' + unitTime(p[3]) + ')' : ''));
    if (s.flags[String(p[0])]) { row('flags', s.flags[String(p[0])] + ' (left out of change points and baselines)'); }
    var before = null;
    for (var j = k - 1; j >= 0; j--) { if (!s.p[j][4]) { before = s.p[j]; break; } }
    if (s.unit === 'B' && p[5] && before) {
      // The gate's memory rule, one run each side: the describe() text of the comparison.
      row('against the run before', (p[5] === 'MORE' ? 'MORE MEMORY' : p[5] === 'LESS' ? 'LESS MEMORY' : 'SAME')
          + ': ' + p[6]);
    } else if (p[5] === 'OLDER') {
      row('against the run before', 'not compared on this page: only the newest 100 clean runs of a series are '
          + '(gpubench:report compares any two runs)');
    } else if (p[5] && before) {
      var b = data.runs[before[0]];
      row('against the run before', p[5] + ': ' + pct(1 + p[6]) + ' (' + pct(p[7]) + ' to ' + pct(p[8])
          + '), one run each side, provisional; run before: ' + (b.commit ? b.commit.substring(0, 10) : b.id)
          + ', ' + fmt(s, before[1]));
    } else {
      row('against the run before', p[4] ? 'not compared: flagged' : 'none: the first clean run of the series');
    }
    box.appendChild(dl);
    box.setAttribute('data-run', r.id);
  }

  function matches(i) {
    var s = data.series[i];
    if (filters.testbed && s.testbed !== filters.testbed) { return false; }
    if (filters.backend && s.backend !== filters.backend) { return false; }
    if (filters.precision && s.precision !== filters.precision) { return false; }
    if (filters.branch && !s.p.some(function (p) { return keep(p[0]); })) { return false; }
    return true;
  }

  function applyFilters() {
    var first = -1;
    Array.prototype.forEach.call(document.querySelectorAll('tr.case-row'), function (row) {
      var i = Number(row.getAttribute('data-series'));
      var ok = matches(i);
      row.classList.toggle('hidden', !ok);
      if (ok && first < 0) { first = i; }
    });
    Array.prototype.forEach.call(document.querySelectorAll('table.changes tbody tr'), function (row) {
      var tb = row.getAttribute('data-testbed');
      row.classList.toggle('hidden', !!filters.testbed && tb !== filters.testbed);
    });
    if (current < 0 || !matches(data.series[current].row)) {
      if (first >= 0) { render(first); } else { chart.clear(); }
    } else {
      render(current);
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll('select[data-filter]'), function (sel) {
    sel.addEventListener('change', function () {
      filters[sel.getAttribute('data-filter')] = sel.value;
      applyFilters();
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll('tr.case-row'), function (row) {
    function pick() { render(Number(row.getAttribute('data-series'))); }
    row.addEventListener('click', pick);
    row.addEventListener('keydown', function (e) { if (e.key === 'Enter') { pick(); } });
  });
  document.getElementById('figure').addEventListener('change', function (e) {
    render(Number(e.target.value));
  });
  chart.on('click', function (p) {
    if ((p.seriesName === 'median' || p.seriesName === 'flagged') && p.data) { showRun(current, p.data[3]); }
  });
  window.addEventListener('resize', function () { chart.resize(); });

  // Start on the newest change point's case and figure, else the first case.
  var start = 0, newest = -Infinity;
  data.series.forEach(function (s, i) {
    s.cps.forEach(function (c) { if (data.runs[c.run].t >= newest) { newest = data.runs[c.run].t; start = i; } });
  });
  if (data.series.length) { render(start); }
  document.documentElement.setAttribute('data-charts-rendered', data.series.length ? '1' : '0');
})();
