// The shared singletons are eager in the shell's build (ui-kit/rspack.ts): no async boundary is
// needed before React, and none is taken — it would cost a phone one more round trip.
import './bootstrap';
// The manifest of remotes (`/remotes.json`) is asked by the early script (early/index.ts), before
// this script has even arrived.
