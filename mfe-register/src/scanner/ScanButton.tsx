/** « Scanner » beside the product search: reads a product's barcode with the camera, where the browser can (docs/gate.md §5). */
import { useState } from 'react';
import { Button, CameraScanner, cameraScanAvailable } from '@kermesse/ui-kit';

const PRODUCT_FORMATS = ['ean_13', 'ean_8', 'upc_a'];

export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!cameraScanAvailable()) return null;
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} title="Scanner un code-barres avec la caméra">
        Scanner
      </Button>
      {open && (
        <CameraScanner
          title="Scanner un produit"
          formats={PRODUCT_FORMATS}
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
