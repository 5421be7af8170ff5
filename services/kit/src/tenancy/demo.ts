/**
 * Which demo a service seeds for an association (docs/hosting.md « The demo »): the school fair
 * of a single install and of the hosting demo's first association, or the village fête of the
 * hosting demo's comité des fêtes. Each service's `seedDemo` takes it; the launcher names it.
 */
export type DemoVariant = 'school' | 'village';
