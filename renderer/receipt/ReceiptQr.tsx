/** The receipt's QR, drawn at whole device pixels per module with its quiet zone (see qr-fit.ts). */
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { qrDisplay, qrGeometry } from './qr-fit';

function measure(img: HTMLImageElement): { size: number; padding: number } | null {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || canvas.width === 0) return null;
  context.drawImage(img, 0, 0);
  const geometry = qrGeometry(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
  // Zoomed on screen (layout.css), a CSS pixel is `zoom` times as many device pixels.
  // currentCSSZoom is a float32 (1.6 reads 1.6000000238): rounded back to the stylesheet's value.
  const zoom = Math.round(((img as HTMLImageElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1) * 1000) / 1000;
  return geometry ? qrDisplay(geometry, window.devicePixelRatio * zoom) : null;
}

export function ReceiptQr({ src, alt }: { src: string; alt: string }): ReactNode {
  const [fit, setFit] = useState<{ src: string; size: number; padding: number } | null>(null);
  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const measured = measure(event.currentTarget);
    setFit(measured ? { src, ...measured } : null);
  };
  const shown = fit?.src === src ? fit : null;
  return (
    <img className={`receipt-qr${shown ? ' fitted' : ''}`} src={src} alt={alt} onLoad={onLoad}
      style={shown ? { width: `${shown.size}px`, height: `${shown.size}px`, padding: `${shown.padding}px`, boxSizing: 'content-box' } : undefined} />
  );
}
