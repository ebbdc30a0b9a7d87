/**
 * The two per-request instruments of DECISIONS 1.7, `http_requests_total` (counter) and
 * `http_request_duration_seconds` (histogram), both by method, route template and status, kept cheap to update:
 * every request adds to one series found through nested maps of values it already holds (no label object, no label
 * validation or hashing, no string built), and prom-client's registry formats them at scrape time from `get()`, in
 * the shape its own Counter and Histogram give (same names, label order and bucket lines), so `/metrics` reads as
 * before. prom-client's own instruments hash the labels on every update, even through `labels()` children.
 */

type RequestLabels = { method: string; route: string; status: string };

interface Series {
  labels: RequestLabels;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative (the last slot counts those above every bound). */
  buckets: Float64Array;
}

/** One value line as prom-client's registry formats it. */
interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** What prom-client's registry asks a registered metric for. */
export interface CollectedMetric {
  name: string;
  help: string;
  type: "counter" | "histogram";
  values: MetricValue[];
  aggregator: "sum";
}

/** The surface prom-client's `Registry.registerMetric` and `metrics()` use. */
export interface RegistrableMetric {
  readonly name: string;
  get(): Promise<CollectedMetric>;
}

export interface RequestSeriesOptions {
  counterName: string;
  counterHelp: string;
  histogramName: string;
  histogramHelp: string;
  /** Upper bounds of the histogram buckets, seconds, ascending. */
  buckets: number[];
  /** Series kept at most (a safety net: the labels come from closed sets). */
  maxSeries: number;
}

export class RequestSeries {
  readonly counter: RegistrableMetric;
  readonly histogram: RegistrableMetric;
  readonly #bounds: number[];
  /** route → status → method → series. */
  readonly #byRoute = new Map<string, Map<number, Map<string, Series>>>();
  readonly #all: Series[] = [];
  readonly #maxSeries: number;

  constructor(options: RequestSeriesOptions) {
    this.#bounds = [...options.buckets];
    this.#maxSeries = options.maxSeries;
    const all = this.#all;
    this.counter = {
      name: options.counterName,
      get: () =>
        Promise.resolve({
          name: options.counterName,
          help: options.counterHelp,
          type: "counter",
          values: all.map((series) => ({ labels: series.labels, value: series.count })),
          aggregator: "sum",
        }),
    };
    const bucketName = `${options.histogramName}_bucket`;
    this.histogram = {
      name: options.histogramName,
      get: () =>
        Promise.resolve({
          name: options.histogramName,
          help: options.histogramHelp,
          type: "histogram",
          values: all.flatMap((series) => this.#histogramLines(series, bucketName, options.histogramName)),
          aggregator: "sum",
        }),
    };
  }

  /** Counts one answered request and its duration. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const series = this.#series(method, route, status);
    series.count++;
    series.sum += seconds;
    const bounds = this.#bounds;
    let slot = 0;
    while (slot < bounds.length && seconds > bounds[slot]) slot++;
    series.buckets[slot]++;
  }

  #series(method: string, route: string, status: number): Series {
    let byStatus = this.#byRoute.get(route);
    if (!byStatus) this.#byRoute.set(route, byStatus = new Map());
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, byMethod = new Map());
    let series = byMethod.get(method);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Float64Array(this.#bounds.length + 1),
      };
      // Past the cap a series still counts, but is neither kept nor exported.
      if (this.#all.length < this.#maxSeries) {
        byMethod.set(method, series);
        this.#all.push(series);
      }
    }
    return series;
  }

  /** Cumulative `le` buckets, `+Inf`, sum and count, labelled as prom-client's Histogram labels them. */
  #histogramLines(series: Series, bucketName: string, name: string): MetricValue[] {
    const lines: MetricValue[] = [];
    let cumulative = 0;
    this.#bounds.forEach((bound, i) => {
      cumulative += series.buckets[i];
      lines.push({ labels: { le: bound, ...series.labels }, value: cumulative, metricName: bucketName });
    });
    lines.push(
      { labels: { le: "+Inf", ...series.labels }, value: series.count, metricName: bucketName },
      { labels: { ...series.labels }, value: series.sum, metricName: `${name}_sum` },
      { labels: { ...series.labels }, value: series.count, metricName: `${name}_count` },
    );
    return lines;
  }
}
