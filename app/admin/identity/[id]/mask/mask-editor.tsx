'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActionResult } from '@/lib/actions/action';
import { ActionForm } from '../../../_components/action-form';

type Rect = { x: number; y: number; w: number; h: number };
type FormAction = (previous: unknown, form: FormData) => Promise<ActionResult<unknown>>;

/**
 * Draw black rectangles over an identity document (docs/product-rules.md#personal-data-pdpa): press and drag on the
 * picture; the canvas shows exactly what will be kept. The rectangles go to the server as fractions of the picture,
 * where they are burnt in and the original replaced.
 */
export function MaskEditor({
  documentId,
  src,
  alt,
  action,
  texts,
}: {
  documentId: string;
  src: string;
  alt: string;
  action: FormAction;
  texts: { undo: string; clear: string; apply: string; confirm: string; count: string; none: string };
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const [rects, setRects] = useState<Rect[]>([]);
  const [drawing, setDrawing] = useState<Rect | null>(null);
  // Where the drag started, in a ref: on a busy device pointer events arrive faster than React renders, and a handler
  // reading `drawing` would see an older rectangle (a fast drag ended up smaller than the area dragged over).
  const start = useRef<{ x: number; y: number } | null>(null);
  const [ready, setReady] = useState(false);

  const paint = useCallback(() => {
    const c = canvas.current;
    const img = image.current;
    if (!c || !img) return;
    const g = c.getContext('2d');
    if (!g) return;
    g.drawImage(img, 0, 0, c.width, c.height);
    g.fillStyle = '#000';
    for (const r of drawing ? [...rects, drawing] : rects) g.fillRect(r.x * c.width, r.y * c.height, r.w * c.width, r.h * c.height);
  }, [rects, drawing]);

  useEffect(() => {
    const img = new Image();
    img.onload = () => {
      image.current = img;
      if (canvas.current) {
        canvas.current.width = img.naturalWidth;
        canvas.current.height = img.naturalHeight;
      }
      setReady(true);
    };
    img.src = src;
  }, [src]);
  useEffect(() => {
    if (ready) paint();
  }, [ready, paint]);

  const at = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)), y: Math.min(1, Math.max(0, (e.clientY - box.top) / box.height)) };
  };

  return (
    <div className="space-y-3">
      <canvas
        ref={canvas}
        role="img"
        aria-label={alt}
        className="block max-h-[70vh] w-full max-w-3xl cursor-crosshair touch-none rounded border object-contain"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const p = at(e);
          start.current = p;
          setDrawing({ x: p.x, y: p.y, w: 0, h: 0 });
        }}
        onPointerMove={(e) => {
          const s = start.current;
          if (!s) return;
          const p = at(e);
          setDrawing({ x: s.x, y: s.y, w: p.x - s.x, h: p.y - s.y });
        }}
        onPointerUp={(e) => {
          const s = start.current;
          start.current = null;
          setDrawing(null);
          if (!s) return;
          // The rectangle ends where the pointer was let go, whatever the last render showed.
          const p = at(e);
          const w = p.x - s.x;
          const h = p.y - s.y;
          if (Math.abs(w) > 0.005 && Math.abs(h) > 0.005) {
            // Stored with a positive width and height whichever way the rectangle was dragged.
            setRects((all) => [...all, { x: Math.min(s.x, p.x), y: Math.min(s.y, p.y), w: Math.abs(w), h: Math.abs(h) }]);
          }
        }}
        onPointerCancel={() => {
          start.current = null;
          setDrawing(null);
        }}
      />
      <p className="text-sm text-slate-700" role="status">{rects.length ? texts.count.replace('#', String(rects.length)) : texts.none}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm" disabled={!rects.length} onClick={() => setRects((all) => all.slice(0, -1))}>
          {texts.undo}
        </button>
        <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm" disabled={!rects.length} onClick={() => setRects([])}>
          {texts.clear}
        </button>
      </div>
      {rects.length ? (
        <ActionForm action={action} submit={texts.apply} confirm={texts.confirm} danger>
          <input type="hidden" name="id" value={documentId} />
          <input type="hidden" name="rects" value={JSON.stringify(rects.map((r) => ({ x: +r.x.toFixed(5), y: +r.y.toFixed(5), w: +r.w.toFixed(5), h: +r.h.toFixed(5) })))} />
        </ActionForm>
      ) : null}
    </div>
  );
}
