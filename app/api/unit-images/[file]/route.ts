import fs from 'node:fs/promises';
import path from 'node:path';
import { unitImageDir } from '@/lib/admin/unit-types';

export const dynamic = 'force-dynamic';

/** Unit-type pictures uploaded by staff (public: they appear on the home page and in the wizard). */
export async function GET(_request: Request, ctx: { params: Promise<{ file: string }> }) {
  const { file } = await ctx.params;
  if (!/^[a-f0-9]{24}\.webp$/.test(file)) return new Response('Not found', { status: 404 });
  try {
    const bytes = await fs.readFile(path.join(unitImageDir(), file));
    // Names are random and never reused, so the file behind a name never changes.
    return new Response(new Uint8Array(bytes), { headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
