'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Unit photo that swaps to an inline placeholder when there is no image or it fails to load. The failure may happen
 * before hydration, so a broken image that already finished loading is detected on mount too.
 */
export function UnitImage({ src, alt, placeholder, className = '' }: { src: string | null; alt: string; placeholder: string; className?: string }) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed || !src) {
    return (
      <div role="img" aria-label={placeholder} className={`flex items-center justify-center bg-slate-100 text-sm font-medium text-slate-600 ${className}`}>
        {placeholder}
      </div>
    );
  }
  return (
    // Unit images are small local SVGs or admin uploads of unknown size; next/image would add little here.
    // eslint-disable-next-line @next/next/no-img-element
    <img ref={ref} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} className={`object-cover ${className}`} />
  );
}
