/**
 * The kinds of a loto's parties and their French names. Apart from the schemas so that the remote,
 * which shows them, takes them without TypeBox (no schema library in the browser).
 */
export const PARTIE_KINDS = ['quine', 'double_quine', 'carton_plein'] as const;
export type PartieKind = (typeof PARTIE_KINDS)[number];
export const PARTIE_LABELS: Record<PartieKind, string> = { quine: 'Quine', double_quine: 'Double quine', carton_plein: 'Carton plein' };
