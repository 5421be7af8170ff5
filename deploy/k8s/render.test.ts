/**
 * No cluster can be reached here, so the production overlay is checked as rendered: `kubectl
 * kustomize deploy/k8s/overlays/production` must succeed, every Kubernetes object must validate
 * against its API schema (kubernetes-models), and the rendered set must hold what the deployment
 * promises — readiness on /readyz and liveness on /healthz, requests, replicas with disruption
 * budgets, autoscalers, a 3-node NATS cluster with sync_interval: always and R3 streams, Postgres as
 * a CloudNativePG Cluster whose primary alone is used.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, Namespace, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { SERVICE_NAMES } from '@kermesse/kit/http';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

/** A model class per kind: its constructor takes the object, `validate()` throws on a schema error. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/CronJob': CronJob,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** Custom resources of the CloudNativePG operator: no schema in kubernetes-models, checked below. */
const OPERATOR_KINDS = new Set(['postgresql.cnpg.io/v1/Cluster', 'postgresql.cnpg.io/v1/ScheduledBackup']);

let objects: K8sObject[];
const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const deployments = () => objects.filter((o) => o.kind === 'Deployment') as unknown as Array<IDeployment & K8sObject>;
const mainContainer = (d: IDeployment) => d.spec!.template.spec!.containers[0] as IContainer;
const envValue = (c: IContainer, name: string) => c.env?.find((e) => e.name === name);

beforeAll(() => {
  const rendered = execFileSync('kubectl', ['kustomize', path.join(ROOT, 'deploy/k8s/overlays/production')], { encoding: 'utf8' });
  objects = parseAllDocuments(rendered).map((doc) => doc.toJS() as K8sObject);
});

describe('kubectl kustomize deploy/k8s/overlays/production', () => {
  it('renders objects that all validate against their Kubernetes schema, in the kermesse namespace', () => {
    expect(objects.length).toBeGreaterThan(30);
    for (const object of objects) {
      const key = `${object.apiVersion}/${object.kind}`;
      if (OPERATOR_KINDS.has(key)) continue;
      const Model = MODELS[key];
      expect(Model, `no model for ${key}`).toBeDefined();
      expect(() => new Model!(object as never).validate(), `${key} ${object.metadata.name}`).not.toThrow();
      if (object.kind !== 'Namespace') expect(object.metadata.namespace, `${key} ${object.metadata.name}`).toBe('kermesse');
    }
  });

  it('runs every service and the gateway with 2+ replicas, probes on /readyz and /healthz, requests and non-root', () => {
    const names = deployments()
      .map((d) => d.metadata!.name)
      .sort();
    expect(names).toEqual([...SERVICE_NAMES, 'gateway'].sort());
    for (const deployment of deployments()) {
      const name = deployment.metadata!.name!;
      const pod = deployment.spec!.template.spec!;
      const container = mainContainer(deployment);
      expect(deployment.spec!.replicas, name).toBeGreaterThanOrEqual(2);
      expect(container.readinessProbe?.httpGet?.path, name).toBe('/readyz');
      expect(container.livenessProbe?.httpGet?.path, name).toBe('/healthz');
      expect(container.resources?.requests?.cpu, name).toBeDefined();
      expect(container.resources?.requests?.memory, name).toBeDefined();
      expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
      expect(container.securityContext?.allowPrivilegeEscalation, name).toBe(false);
      // Rolling updates never take a replica away before its successor is ready.
      expect(deployment.spec!.strategy?.rollingUpdate?.maxUnavailable, name).toBe(0);
      // Listening on every interface of the pod, not the loopback.
      expect(envValue(container, 'HOST')?.value, name).toBe('0.0.0.0');
    }
  });

  it('gives each Deployment a Service and a disruption budget that select its pods', () => {
    for (const deployment of deployments()) {
      const name = deployment.metadata!.name!;
      const labels = deployment.spec!.template.metadata!.labels!;
      const selects = (selector: Record<string, string> | undefined) =>
        !!selector && Object.entries(selector).every(([k, v]) => labels[k] === v);
      const service = find('Service', name) as unknown as { spec: { selector: Record<string, string> } } | undefined;
      expect(selects(service?.spec.selector), `Service ${name}`).toBe(true);
      const pdb = find('PodDisruptionBudget', name) as unknown as
        { spec: { minAvailable: number; selector: { matchLabels: Record<string, string> } } } | undefined;
      expect(selects(pdb?.spec.selector.matchLabels), `PDB ${name}`).toBe(true);
      expect(pdb?.spec.minAvailable).toBe(1);
    }
  });

  it('autoscales the gateway and the register from 2 replicas', () => {
    for (const name of ['gateway', 'register']) {
      const hpa = find('HorizontalPodAutoscaler', name) as unknown as {
        spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
      };
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBe(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(2);
    }
  });

  it('runs NATS as a 3-node JetStream cluster with sync_interval: always, and streams with 3 replicas', () => {
    const nats = find('StatefulSet', 'nats') as unknown as { spec: { replicas: number; volumeClaimTemplates: unknown[] } };
    expect(nats.spec.replicas).toBe(3);
    expect(nats.spec.volumeClaimTemplates).toHaveLength(1);
    const conf = find('ConfigMap', 'nats-config')!.data!['nats.conf']!;
    expect(conf).toMatch(/jetstream\s*{[^}]*sync_interval:\s*always/);
    expect(conf.match(/nats:\/\/nats-\d\.nats-headless:6222/g)).toHaveLength(3);
    expect(find('PodDisruptionBudget', 'nats')).toMatchObject({ spec: { maxUnavailable: 1 } });
    expect(find('ConfigMap', 'kermesse-config')!.data).toMatchObject({ NATS_URL: 'nats://nats:4222', NATS_STREAM_REPLICAS: '3' });
    // The init container that creates the stream gets those settings.
    for (const deployment of deployments().filter((d) => d.metadata!.name !== 'gateway')) {
      const init = deployment.spec!.template.spec!.initContainers![0]!;
      expect(init.command).toEqual(['node', `services/${deployment.metadata!.name}/dist/migrate.js`]);
      expect(init.envFrom?.[0]?.configMapRef?.name).toBe('kermesse-config');
    }
  });

  it('runs Postgres as a CloudNativePG Cluster and points every service at its primary only', () => {
    const cluster = find('Cluster', 'kermesse-db') as unknown as {
      apiVersion: string;
      spec: { instances: number; bootstrap: { initdb: { database: string } }; backup: unknown };
    };
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster.spec.instances).toBeGreaterThanOrEqual(3);
    expect(cluster.spec.bootstrap.initdb.database).toBe('kermesse');
    expect(cluster.spec.backup).toBeDefined();
    for (const deployment of deployments().filter((d) => d.metadata!.name !== 'gateway')) {
      const pod = deployment.spec!.template.spec!;
      for (const container of [...pod.initContainers!, ...pod.containers]) {
        // The `uri` of the app Secret names kermesse-db-rw (the primary); never -ro or -r.
        expect(envValue(container, 'DATABASE_URL')?.valueFrom?.secretKeyRef, `${deployment.metadata!.name}/${container.name}`).toEqual({
          name: 'kermesse-db-app',
          key: 'uri',
        });
      }
    }
    expect(JSON.stringify(objects)).not.toMatch(/kermesse-db-r(o)?\b/);
  });

  it('gives the register its sales journal key from a Secret, never a value written in the manifests', () => {
    for (const deployment of deployments()) {
      const pod = deployment.spec!.template.spec!;
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const key = envValue(container, 'JOURNAL_HMAC_KEY');
        if (deployment.metadata!.name === 'register' && container.name === 'register') {
          expect(key).toEqual({ name: 'JOURNAL_HMAC_KEY', valueFrom: { secretKeyRef: { name: 'kermesse-journal', key: 'hmac-key' } } });
        } else {
          expect(key, `${deployment.metadata!.name}/${container.name}`).toBeUndefined();
        }
      }
    }
    expect(find('ConfigMap', 'kermesse-config')!.data).not.toHaveProperty('JOURNAL_HMAC_KEY');
    // The Secret itself is created by hand once (docs/deploy.md), never rendered from the repository.
    expect(objects.some((o) => o.kind === 'Secret')).toBe(false);
  });

  it('dumps every service schema on its own each night', () => {
    const cron = find('CronJob', 'schema-dumps') as unknown as {
      spec: { jobTemplate: { spec: { template: { spec: { containers: Array<{ command: string[] }> } } } } };
    };
    const script = cron.spec.jobTemplate.spec.template.spec.containers[0]!.command.join(' ');
    for (const service of SERVICE_NAMES) expect(script).toContain(service);
    expect(script).toContain('--schema="$schema"');
  });

  it('points the gateway at every service', () => {
    const gateway = mainContainer(deployments().find((d) => d.metadata!.name === 'gateway')!);
    for (const service of SERVICE_NAMES) {
      expect(envValue(gateway, `${service.toUpperCase()}_URL`)?.value).toBe(`http://${service}:8000`);
    }
  });
});
