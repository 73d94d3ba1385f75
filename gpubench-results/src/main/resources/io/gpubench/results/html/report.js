// gpubench HTML report: turns the embedded chart data into ECharts charts, and makes the leaderboard sortable and
// filterable. Text from results is only ever set through textContent or ECharts options (which draw on a canvas),
// never through innerHTML, so nothing here can turn a string into markup.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('gpubench-data').textContent);
  var PALETTE = ['#3b6fd8', '#e0813a', '#3a9d5d', '#b5479b', '#8c6d31', '#5b8fa8'];
  var STATUS_COLOURS = {PASSED: '#2f8f4e', FLAGGED: '#b26a00', FAILED: '#c2362f', ERROR: '#8e2bb0',
    SKIPPED: '#8a8f99', UNKNOWN: '#8a8f99'};
  // Charts drawn when the page loads; the rest are drawn as they come near the screen, so a run of a thousand
  // cases (a thousand histograms) opens as fast as one of twenty.
  var EAGER_CHARTS = 40;

  // For ECharts tooltips, which are HTML: text from results is escaped before it reaches one.
  function escapeHtml(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
    });
  }

  function axisName(name, extra) {
    var o = {name: name, nameLocation: 'middle', nameGap: 28};
    for (var k in extra) { o[k] = extra[k]; }
    return o;
  }

  var builders = {
    histogram: function (s) {
      return {
        animation: false,
        grid: {left: 48, right: 16, top: 16, bottom: 44},
        tooltip: {trigger: 'axis'},
        xAxis: axisName('time per call (' + s.unit + ', ' + s.clock + ')', {type: 'value', scale: true}),
        yAxis: axisName('trials', {type: 'value', minInterval: 1, nameGap: 30}),
        series: [{
          type: 'line', step: 'middle', symbol: 'none', data: s.points, name: 'trials',
          lineStyle: {color: PALETTE[0]}, areaStyle: {color: PALETTE[0], opacity: 0.35},
          markArea: {silent: true, itemStyle: {color: 'rgba(224,129,58,0.18)'},
            data: [[{xAxis: s.ciLow, name: 'CI'}, {xAxis: s.ciHigh}]]},
          markLine: {silent: true, symbol: 'none', lineStyle: {color: PALETTE[1], type: 'solid'},
            label: {formatter: 'median'}, data: [{xAxis: s.median}]}
        }]
      };
    },
    telemetry: function (s) {
      return {
        animation: false,
        grid: {left: 56, right: 56, top: 30, bottom: 44},
        legend: {top: 0},
        tooltip: {trigger: 'axis'},
        xAxis: axisName('ms since the trials started', {type: 'value'}),
        yAxis: [axisName('SM clock (MHz)', {type: 'value', scale: true, nameGap: 42}),
          axisName('power (W)', {type: 'value', scale: true, nameGap: 40})],
        series: [
          {name: 'SM clock', type: 'line', showSymbol: false, data: s.sm, yAxisIndex: 0,
            lineStyle: {color: PALETTE[0]}, itemStyle: {color: PALETTE[0]},
            markLine: s.smMax ? {silent: true, symbol: 'none', label: {formatter: 'max clock'},
              lineStyle: {type: 'dashed', color: '#888'}, data: [{yAxis: s.smMax}]} : undefined},
          {name: 'power', type: 'line', showSymbol: false, data: s.power, yAxisIndex: 1,
            lineStyle: {color: PALETTE[1]}, itemStyle: {color: PALETTE[1]}}
        ]
      };
    },
    // The process's device memory over the trials, beside the clock timeline; the case's peak and its memory before
    // set-up as lines where measured (they may lie outside the trials: the set-up and the reference allocate too).
    deviceMemory: function (s) {
      var lines = [];
      if (s.peak !== undefined) { lines.push({yAxis: s.peak, name: 'peak', label: {formatter: 'case peak'}}); }
      if (s.before !== undefined) {
        lines.push({yAxis: s.before, name: 'before', label: {formatter: 'before set-up'}});
      }
      return {
        animation: false,
        grid: {left: 64, right: 64, top: 30, bottom: 44},
        legend: {top: 0},
        tooltip: {trigger: 'axis'},
        xAxis: axisName('ms since the trials started', {type: 'value'}),
        // The axis holds the lines too, or a peak reached during set-up would be drawn off the chart.
        yAxis: axisName('device memory (' + s.unit + ')', {type: 'value', scale: true, nameGap: 50,
          min: function (v) { return s.before !== undefined ? Math.min(v.min, s.before) : v.min; },
          max: function (v) { return s.peak !== undefined ? Math.max(v.max, s.peak) : v.max; }}),
        series: [{name: 'device memory of the process', type: 'line', step: 'end', showSymbol: false,
          data: s.points, connectNulls: false, lineStyle: {color: PALETTE[2]}, itemStyle: {color: PALETTE[2]},
          areaStyle: {color: PALETTE[2], opacity: 0.15},
          markLine: lines.length ? {silent: true, symbol: 'none', lineStyle: {type: 'dashed', color: '#888'},
            label: {position: 'insideEndTop'}, data: lines} : undefined}]
      };
    },
    // A case's trials in order; those during which a garbage collection ran in red.
    gcTrials: function (s) {
      return {
        animation: false,
        grid: {left: 56, right: 16, top: 30, bottom: 44},
        legend: {top: 0},
        tooltip: {trigger: 'item', formatter: function (p) {
          return 'trial ' + p.value[0] + ': ' + p.value[1].toPrecision(4) + ' ' + escapeHtml(s.unit)
              + (p.seriesName === 'garbage collection' ? ' (a collection ran)' : '');
        }},
        xAxis: axisName('trial', {type: 'value', minInterval: 1, min: 1}),
        yAxis: axisName('time per call (' + s.unit + ', ' + s.clock + ')', {type: 'value', scale: true,
          nameGap: 44}),
        series: [
          {name: 'trial', type: 'scatter', data: s.trials, symbolSize: 6, itemStyle: {color: PALETTE[0]}},
          {name: 'garbage collection', type: 'scatter', data: s.gc, symbol: 'diamond', symbolSize: 11,
            itemStyle: {color: '#c2362f'}}
        ]
      };
    },
    kernels: function (s) {
      // One stacked bar: the call's GPU time by the library that launched each kernel, copies in grey.
      return {
        animation: false,
        grid: {left: 8, right: 24, top: 30, bottom: 24, containLabel: true},
        legend: {top: 0},
        tooltip: {trigger: 'item', formatter: function (p) { return p.seriesName + ': ' + p.value + '%'; }},
        xAxis: {type: 'value', max: 100, axisLabel: {formatter: '{value}%'}},
        yAxis: {type: 'category', data: ['GPU time']},
        series: s.parts.map(function (p, i) {
          return {
            name: p.label, type: 'bar', stack: 'gpu', data: [p.percent], barWidth: 26,
            itemStyle: {color: p.copies ? '#9aa1ad' : PALETTE[i % PALETTE.length]},
            label: {show: p.percent >= 12, formatter: '{a} {c}%', color: '#fff'}
          };
        })
      };
    },
    ratio: function (s) {
      return {
        animation: false,
        grid: {left: 8, right: 24, top: 30, bottom: 40, containLabel: true},
        legend: {top: 0},
        tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}},
        xAxis: axisName('median time / baseline (' + s.baseline + ')', {type: 'value'}),
        yAxis: {type: 'category', data: s.cases, inverse: true, axisLabel: {width: 260, overflow: 'truncate'}},
        series: s.series.map(function (run, i) {
          return {
            name: run.name, type: 'bar', data: run.values, itemStyle: {color: PALETTE[(i + 1) % PALETTE.length]},
            markLine: i === 0 ? {silent: true, symbol: 'none', lineStyle: {color: '#333'},
              label: {formatter: 'baseline', position: 'end'}, data: [{xAxis: 1}]} : undefined
          };
        })
      };
    },
    roofline: function (s) {
      // The run's first view: each case's share of its roofline bound, one series per status so the legend reads.
      var byStatus = {};
      s.points.forEach(function (p) {
        (byStatus[p.status] = byStatus[p.status] || []).push({value: [p.x, p.share], point: p});
      });
      return {
        animation: false,
        grid: {left: 56, right: 24, top: 34, bottom: 40},
        legend: {top: 0},
        tooltip: {trigger: 'item', formatter: function (e) {
          var p = e.data.point;
          return escapeHtml(p.name) + '<br>' + escapeHtml(p.status.toLowerCase()) + ' · ' + p.share + '% of the bound'
            + '<br>' + escapeHtml(p.time);
        }},
        xAxis: axisName('case, in run order', {type: 'value', min: -0.5, max: Math.max.apply(null,
          s.points.map(function (p) { return p.x; })) + 0.5, minInterval: 1,
          axisLabel: {formatter: function (v) { return Number.isInteger(v) ? String(v + 1) : ''; }}}),
        yAxis: axisName('share of the roofline bound (%)', {type: 'value', min: 0, nameGap: 40}),
        series: Object.keys(byStatus).map(function (status) {
          return {name: status.toLowerCase(), type: 'scatter', data: byStatus[status], symbolSize: 9,
            itemStyle: {color: STATUS_COLOURS[status] || PALETTE[0]}, large: byStatus[status].length > 500};
        })
      };
    },
    leaderboard: function (s) {
      return {
        animation: false,
        grid: {left: 8, right: 16, top: 44, bottom: 8, containLabel: true},
        legend: {top: 0, right: 0},
        tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}},
        xAxis: {type: 'category', data: s.devices, axisLabel: {interval: 0, width: 170, overflow: 'truncate'}},
        yAxis: {type: 'value', name: 'samples/s', nameLocation: 'end', nameTextStyle: {align: 'left'}},
        series: s.series.map(function (p, i) {
          return {name: p.name, type: 'bar', data: p.values, itemStyle: {color: PALETTE[i % PALETTE.length]}};
        })
      };
    }
  };

  builders.axisLine = axisLineOption;

  var charts = [];
  function draw(el) {
    var spec = data[el.getAttribute('data-chart')];
    var build = spec && builders[spec.kind];
    if (!build) {
      throw new Error('no chart data for ' + el.getAttribute('data-chart'));
    }
    if (spec.kind === 'ratio') {
      // One bar per case and run: grow with them so a long comparison does not squeeze its bars to nothing.
      el.style.height = Math.max(240, 60 + spec.cases.length * spec.series.length * 22) + 'px';
    }
    var chart = echarts.init(el, null, {renderer: 'canvas'});
    chart.setOption(build(spec));
    if (spec.kind === 'roofline') {
      chart.on('click', function (e) { if (e.data && e.data.point) { location.hash = e.data.point.anchor; } });
    }
    charts.push(chart);
  }
  var placeholders = Array.prototype.slice.call(document.querySelectorAll('[data-chart]'));
  var eager = placeholders.slice(0, EAGER_CHARTS);
  var deferred = placeholders.slice(EAGER_CHARTS);
  eager.forEach(draw);
  if (deferred.length) {
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) {
          observer.unobserve(entry.target);
          draw(entry.target);
        }
      });
    }, {rootMargin: '800px 0px'});
    deferred.forEach(function (el) { observer.observe(el); });
  }
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
  // For readers that wait on the page (the browser test): every chart drawn at load has been given its option and
  // drawn; the deferred ones are drawn when scrolled near.
  document.documentElement.setAttribute('data-charts-deferred', String(deferred.length));
  document.documentElement.setAttribute('data-charts-rendered', String(charts.length));

  summaryFilters();

  // Leaderboard: sort by a clicked heading, filter by text, model and precision.
  var table = document.getElementById('leaderboard-table');
  if (table) {
    var body = table.tBodies[0];
    var headings = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(headings, function (th, col) {
      function sort() {
        var dir = th.getAttribute('aria-sort') === 'descending' ? 'ascending' : 'descending';
        Array.prototype.forEach.call(headings, function (h) { h.setAttribute('aria-sort', 'none'); });
        th.setAttribute('aria-sort', dir);
        var numeric = th.getAttribute('data-sort') === 'num';
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellValue(a.cells[col], numeric);
          var y = cellValue(b.cells[col], numeric);
          var c = numeric ? x - y : String(x).localeCompare(String(y));
          return dir === 'ascending' ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (e) { if (e.key === 'Enter') { sort(); } });
    });
    var text = document.getElementById('leaderboard-filter');
    var model = document.getElementById('leaderboard-model');
    var precision = document.getElementById('leaderboard-precision');
    var filter = function () {
      var q = text.value.trim().toLowerCase();
      Array.prototype.forEach.call(body.rows, function (r) {
        var show = (!q || r.textContent.toLowerCase().indexOf(q) >= 0)
          && (!model.value || r.getAttribute('data-model') === model.value)
          && (!precision.value || r.getAttribute('data-precision') === precision.value);
        r.hidden = !show;
      });
    };
    text.addEventListener('input', filter);
    model.addEventListener('change', filter);
    precision.addEventListener('change', filter);
  }

  // The summary table's filters: text over each row's words, and status (a tile's status: passed, flagged, ...).
  // Each row's text is read once; a filter then only sets hidden, so a thousand rows filter in a few milliseconds.
  function summaryFilters() {
    document.querySelectorAll('.summary-filters').forEach(function (box) {
      var table = document.getElementById(box.getAttribute('data-table'));
      if (!table) {
        return;
      }
      var rows = Array.prototype.slice.call(table.tBodies[0].rows);
      var words = rows.map(function (r) { return r.textContent.toLowerCase(); });
      var text = box.querySelector('.summary-text');
      var status = box.querySelector('.summary-status');
      var count = box.querySelector('.summary-count');
      var apply = function () {
        var q = text.value.trim().toLowerCase();
        var st = status.value;
        var shown = 0;
        rows.forEach(function (r, i) {
          var s = r.getAttribute('data-status');
          var show = (!q || words[i].indexOf(q) >= 0)
            && (!st || (st === 'not passed' ? s !== 'PASSED' : s === st));
          r.hidden = !show;
          if (show) { shown++; }
        });
        count.textContent = shown + ' of ' + rows.length + ' cases';
      };
      text.addEventListener('input', apply);
      status.addEventListener('change', apply);
    });
  }

  initAxisFilters();

  // Cases by axis: the median time over one numeric axis, a line per choice of the other axes (AxesSection).
  function axisLineOption(s) {
    return {
      animation: false,
      grid: {left: 64, right: 24, top: 44, bottom: 48},
      legend: {top: 0, type: 'scroll'},
      tooltip: {trigger: 'item'},
      xAxis: axisName(s.axis, s.logBase ? {type: 'log', logBase: s.logBase, min: 'dataMin', max: 'dataMax'}
        : {type: 'value', scale: true}),
      yAxis: axisName('median time per call (' + s.unit + ')', {type: 'value', nameGap: 48}),
      series: s.series.map(function (line, i) {
        var color = PALETTE[i % PALETTE.length];
        return {name: line.name, type: 'line', data: line.points, symbolSize: 7,
          lineStyle: {color: color}, itemStyle: {color: color}};
      })
    };
  }

  // Cases by axis: each select keeps the rows whose cell in its column holds the chosen value.
  function initAxisFilters() {
    document.querySelectorAll('.axis-group').forEach(function (group) {
      var selects = group.querySelectorAll('select[data-col]');
      var rows = group.querySelectorAll('table.axis-table tbody tr');
      var count = group.querySelector('.axis-count');
      function apply() {
        var wanted = {};
        selects.forEach(function (s) { if (s.value) { wanted[s.getAttribute('data-col')] = s.value; } });
        var shown = 0;
        rows.forEach(function (r) {
          var show = true;
          r.querySelectorAll('td[data-col]').forEach(function (td) {
            var w = wanted[td.getAttribute('data-col')];
            if (w !== undefined && td.getAttribute('data-value') !== w) { show = false; }
          });
          r.hidden = !show;
          shown += show ? 1 : 0;
        });
        count.textContent = shown + ' of ' + rows.length + ' cases';
      }
      selects.forEach(function (s) { s.addEventListener('change', apply); });
    });
  }

  function cellValue(td, numeric) {
    if (!numeric) {
      return td.textContent;
    }
    var v = parseFloat(td.getAttribute('data-value'));
    return isNaN(v) ? -Infinity : v;
  }
})();
