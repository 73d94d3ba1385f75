// Evaluated in the opened report by HtmlReportBrowserTest: measures what a reader would see.
(() => {
  const data = JSON.parse(document.getElementById('gpubench-data').textContent);
  const charts = Array.from(document.querySelectorAll('[data-chart]')).map((el) => {
    const canvases = Array.from(el.querySelectorAll('canvas'));
    // Pixels any canvas of the chart has drawn (alpha > 0): zero means an empty frame, whatever its size.
    let painted = 0;
    for (const c of canvases) {
      if (c.width > 0 && c.height > 0) {
        const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < px.length; i += 4) {
          if (px[i] !== 0) painted++;
        }
      }
    }
    const instance = echarts.getInstanceByDom(el);
    const option = instance ? instance.getOption() : null;
    const points = option ? option.series.reduce(
        (n, s) => n + (s.data || []).filter((v) => v !== null && v !== undefined).length, 0) : 0;
    const box = el.getBoundingClientRect();
    return {
      id: el.getAttribute('data-chart'),
      kind: (data[el.getAttribute('data-chart')] || {}).kind || null,
      width: box.width,
      height: box.height,
      canvasWidth: canvases.length ? canvases[0].width : 0,
      canvasHeight: canvases.length ? canvases[0].height : 0,
      painted: painted,
      series: option ? option.series.length : 0,
      points: points,
      categories: option && option.yAxis && option.yAxis[0] && option.yAxis[0].data ? option.yAxis[0].data : []
    };
  });
  const refs = Array.from(document.querySelectorAll('[src],[href],[srcset],[action],[data]'))
      .map((e) => e.getAttribute('src') || e.getAttribute('href') || e.getAttribute('srcset')
          || e.getAttribute('action') || e.getAttribute('data'))
      .filter((u) => u !== null && !u.startsWith('#'));
  const handlers = Array.from(document.querySelectorAll('*'))
      .filter((e) => Array.from(e.attributes).some((a) => a.name.toLowerCase().startsWith('on'))).length;
  return {
    rendered: Number(document.documentElement.getAttribute('data-charts-rendered')),
    charts: charts,
    scripts: document.scripts.length,
    images: document.images.length,
    embedded: document.querySelectorAll('iframe,object,embed,link').length,
    refs: refs,
    handlers: handlers,
    summaryLinks: Array.from(document.querySelectorAll('table.summary a')).map((a) => a.textContent),
    messages: Array.from(document.querySelectorAll('pre.message')).map((p) => p.textContent),
    caseIds: Array.from(document.querySelectorAll('.case-id')).map((p) => p.textContent)
  };
})()
