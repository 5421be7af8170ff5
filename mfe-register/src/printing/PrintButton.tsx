/**
 * The printer button beside the product search: opens « Impressions »; the count of failed jobs
 * shows on it, so a ticket that did not print is never silent (docs/printing.md §4).
 */
import { useEffect, useState } from 'react';
import { Button } from '@kermesse/ui-kit';
import type { ProductCategory } from '../cart/types';
import { lazyPart } from '../lazyPart';
import { PrinterIcon } from '../register/icons';
import { loadPrinterSettings, usePrintQueue } from '@kermesse/ui-kit/printing';

// Neither the dialog nor the encoder is needed for the first sale (docs/offline.md « Speed on a phone »).
const PrintingDialog = lazyPart(() => import('./PrintingDialog').then((module) => module.PrintingDialog));

export function PrintButton({ checkoutId, categories }: { checkoutId: number; categories: readonly ProductCategory[] }) {
  const [open, setOpen] = useState(false);
  const { failedCount } = usePrintQueue(checkoutId);
  // A register with printers fetches the encoder once it is open, so a sale prints at once, offline too.
  useEffect(() => {
    if (loadPrinterSettings(checkoutId).printers.length > 0) void import('@kermesse/ui-kit/printing/encode');
  }, [checkoutId]);
  const name = failedCount > 0 ? `Impressions : ${failedCount} en échec` : 'Impressions';
  return (
    <>
      <Button
        variant={failedCount > 0 ? 'danger' : 'ghost'}
        className="reg-icon-button"
        aria-label={name}
        title={name}
        onClick={() => setOpen(true)}
      >
        <PrinterIcon />
        {failedCount > 0 && <span className="reg-pill">{failedCount}</span>}
      </Button>
      {open && <PrintingDialog checkoutId={checkoutId} categories={categories} onClose={() => setOpen(false)} />}
    </>
  );
}
