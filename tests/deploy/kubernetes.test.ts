/**
 * deploy/kubernetes/: every manifest validates against the Kubernetes API schemas (kubernetes-models, which bundles
 * them: no cluster, no network), the live overlay's patches applied to the base still validate, and the pieces agree
 * with each other and with the service (probe ports and paths, selectors, the shutdown deadline, the Redis address,
 * setting names the service reads). deploy/verify-kube.sh runs the Deployment's pod with `podman kube play`.
 */
import "../../src/runtime/quiet-punycode.ts"; // the validator reaches node:punycode, as web3.js does
import assert from "node:assert/strict";
import { parseAllDocuments } from "yaml";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Secret } from "kubernetes-models/v1/Secret";
import { Service } from "kubernetes-models/v1/Service";
import { ConfigSchema } from "../../src/config/env.ts";

const ROOT = "deploy/kubernetes";
const BASE = `${ROOT}/base`;
const LIVE = `${ROOT}/overlays/live`;

// deno-lint-ignore no-explicit-any
type Manifest = Record<string, any>;

/** One schema-checked model per kind the manifests use; a kind without one fails the test rather than passing it. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "apps/v1/Deployment": Deployment,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "v1/Service": Service,
};

const KNOWN_SETTINGS = new Set(Object.keys(ConfigSchema.shape));

async function documents(path: string): Promise<Manifest[]> {
  return parseAllDocuments(await Deno.readTextFile(path)).map((doc) => {
    if (doc.errors.length) throw new Error(`${path}: ${doc.errors[0].message}`);
    return doc.toJS() as Manifest;
  });
}

function validate(manifest: Manifest, where: string): void {
  const key = `${manifest.apiVersion}/${manifest.kind}`;
  const Model = MODELS[key];
  assert.ok(Model, `${where}: no schema for ${key}`);
  try {
    new Model(manifest as never).validate();
  } catch (error) {
    throw new Error(`${where}: ${manifest.kind} ${manifest.metadata?.name}: ${(error as Error).message}`);
  }
}

/** The subset of kustomize's strategic merge these patches use: maps merged key by key, containers by name. */
function merge(base: Manifest, patch: Manifest): Manifest {
  const out: Manifest = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key === "containers") {
      out.containers = base.containers.map((c: Manifest) => {
        const p = (value as Manifest[]).find((q) => q.name === c.name);
        return p ? merge(c, p) : c;
      });
      assert.ok((value as Manifest[]).every((p) => base.containers.some((c: Manifest) => c.name === p.name)));
    } else if (value && typeof value === "object" && !Array.isArray(value) && base[key]) {
      out[key] = merge(base[key], value as Manifest);
    } else {
      out[key] = value;
    }
  }
  return out;
}

const kustomization = (await documents(`${BASE}/kustomization.yaml`))[0];
const base: Manifest[] = [];
for (const file of kustomization.resources as string[]) base.push(...await documents(`${BASE}/${file}`));
const find = (kind: string, name: string) => {
  const found = base.find((m) => m.kind === kind && m.metadata.name === name);
  assert.ok(found, `${kind} ${name} in the base`);
  return found;
};
const api = find("Deployment", "perps-api");
const container = api.spec.template.spec.containers[0];
const config = find("ConfigMap", "perps-api-config");

Deno.test("every manifest of the base validates against the Kubernetes API schemas; none is left out", async () => {
  for (const manifest of base) validate(manifest, BASE);
  const files = [...Deno.readDirSync(BASE)].map((e) => e.name).filter((n) => n.endsWith(".yaml"));
  assert.deepEqual(files.filter((f) => f !== "kustomization.yaml").sort(), [...kustomization.resources].sort());
  assert.deepEqual(
    base.map((m) => `${m.kind}/${m.metadata.name}`).sort(),
    [
      "ConfigMap/perps-api-config",
      "Deployment/perps-api",
      "Deployment/perps-redis",
      "HorizontalPodAutoscaler/perps-api",
      "PodDisruptionBudget/perps-api",
      "Secret/perps-api-secrets",
      "Service/perps-api",
      "Service/perps-redis",
    ],
  );
  // The validator itself: a wrong type is refused (so a pass above means something).
  assert.throws(() => validate(merge(api, { spec: { replicas: "two" } }), "mutated"), /replicas/);
  await Promise.resolve();
});

Deno.test("the Deployment: readiness on /v2/health, liveness on /livez, ports and settings as the service reads them", () => {
  const ports = Object.fromEntries(container.ports.map((p: Manifest) => [p.name, p.containerPort]));
  assert.equal(String(ports.http), config.data.PORT);
  assert.equal(String(ports.metrics), config.data.METRICS_PORT);
  assert.equal(config.data.METRICS_HOST, "0.0.0.0", "Prometheus and the kubelet reach the metrics listener");
  assert.deepEqual(container.readinessProbe.httpGet, { path: "/v2/health", port: "http" });
  assert.deepEqual(container.livenessProbe.httpGet, { path: "/livez", port: "metrics" });
  assert.deepEqual(container.startupProbe.httpGet, { path: "/livez", port: "metrics" });
  // Every setting is one the service reads (a misspelt name would be silently ignored).
  for (const name of Object.keys(config.data)) assert.ok(KNOWN_SETTINGS.has(name), `ConfigMap: unknown ${name}`);
  assert.deepEqual(container.envFrom, [
    { configMapRef: { name: "perps-api-config" } },
    { secretRef: { name: "perps-api-secrets" } },
  ]);
  // Resources: a memory request and limit (measured RSS), a CPU request (the HPA's utilisation is relative to it).
  assert.ok(
    container.resources.requests.cpu && container.resources.requests.memory && container.resources.limits.memory,
  );
});

Deno.test("the Deployment's shutdown fits its grace period: preStop pause + SHUTDOWN_TIMEOUT_MS < terminationGracePeriodSeconds", () => {
  const preStop = container.lifecycle.preStop.exec.command;
  assert.equal(preStop[0], "sleep");
  const needed = Number(preStop[1]) * 1000 + Number(config.data.SHUTDOWN_TIMEOUT_MS);
  assert.ok(api.spec.template.spec.terminationGracePeriodSeconds * 1000 > needed, `needs more than ${needed} ms`);
});

Deno.test("Service, PodDisruptionBudget and HPA select the Deployment's pods; REDIS_URL names the Redis Service", () => {
  const labels = api.spec.template.metadata.labels;
  const selects = (selector: Record<string, string>) =>
    Object.entries(selector).every(([k, v]) => labels[k] === v) && Object.keys(selector).length > 0;
  assert.ok(selects(find("Service", "perps-api").spec.selector));
  assert.ok(selects(find("PodDisruptionBudget", "perps-api").spec.selector.matchLabels));
  assert.ok(selects(api.spec.selector.matchLabels));
  const hpa = find("HorizontalPodAutoscaler", "perps-api");
  assert.deepEqual(hpa.spec.scaleTargetRef, { apiVersion: "apps/v1", kind: "Deployment", name: "perps-api" });
  assert.equal(hpa.spec.metrics[0].resource.name, "cpu");
  assert.ok(hpa.spec.minReplicas >= 2, "two replicas at least, as the PDB assumes");

  const redisUrl = new URL(config.data.REDIS_URL);
  const redisService = find("Service", redisUrl.hostname);
  assert.equal(String(redisService.spec.ports[0].port), redisUrl.port);
  const redis = find("Deployment", "perps-redis");
  const redisLabels = redis.spec.template.metadata.labels;
  assert.ok(Object.entries(redisService.spec.selector).every(([k, v]) => redisLabels[k] === v));
});

Deno.test("the live overlay: its patches applied to the base validate; the secret's names are settings the service reads", async () => {
  const overlay = (await documents(`${LIVE}/kustomization.yaml`))[0];
  assert.deepEqual(overlay.resources, ["../../base"]);
  for (const { path } of overlay.patches) {
    for (const patch of await documents(`${LIVE}/${path}`)) {
      const target = find(patch.kind, patch.metadata.name);
      const patched = merge(target, patch);
      validate(patched, `${LIVE}/${path}`);
      const limit = patched.spec.template.spec.containers[0].resources.limits.memory;
      assert.notEqual(limit, container.resources.limits.memory, "the live world gets its own memory");
    }
  }
  const [generated] = overlay.configMapGenerator;
  assert.equal(generated.name, config.metadata.name);
  assert.equal(generated.behavior, "merge");
  const literals = Object.fromEntries(generated.literals.map((l: string) => l.split(/=(.*)/s).slice(0, 2)));
  const merged = { ...config, data: { ...config.data, ...literals } };
  validate(merged, `${LIVE}/kustomization.yaml configMapGenerator`);
  for (const name of Object.keys(literals)) assert.ok(KNOWN_SETTINGS.has(name), `configMapGenerator: unknown ${name}`);

  const [secret] = overlay.secretGenerator;
  assert.equal(secret.name, "perps-api-secrets");
  assert.deepEqual(secret.envs, ["live.secret.env"]);
  const example = (await Deno.readTextFile(`${LIVE}/live.secret.env.example`)).split("\n")
    .filter((line) => line && !line.startsWith("#")).map((line) => line.split("=")[0]);
  assert.deepEqual(
    example.sort(),
    ["ER_RPC_URL", "ER_RPC_WS_URL", "ORACLE_TOKEN", "ORACLE_URL", "RPC_URL", "RPC_WS_URL"],
  );
  for (const name of example) assert.ok(KNOWN_SETTINGS.has(name), `live.secret.env.example: unknown ${name}`);
  assert.match(
    await Deno.readTextFile(`${LIVE}/.gitignore`),
    /^live\.secret\.env$/m,
    "the filled-in file stays out of git",
  );
});
