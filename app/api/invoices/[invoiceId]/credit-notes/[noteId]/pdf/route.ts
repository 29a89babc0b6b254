import { NextResponse, type NextRequest } from 'next/server';
import { creditNoteForRequest } from '@/lib/invoices/load';
import { renderCreditNotePdf } from '@/lib/invoices/pdf';
import { log } from '@/lib/log';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * GET /api/invoices/{id}/credit-notes/{noteId}/pdf?token=… — the credit note (a Thai tax credit note for business
 * customers) as a PDF, for whoever may see the invoice it corrects (its signed link, the portal's, or staff).
 */
export async function GET(request: NextRequest, ctx: { params: Promise<{ invoiceId: string; noteId: string }> }) {
  const { invoiceId, noteId } = await ctx.params;
  const params = Object.fromEntries(request.nextUrl.searchParams.entries());
  const found = await creditNoteForRequest(invoiceId, noteId, params);
  if (!found) return NextResponse.json({ error: 'not_found' }, { status: 404 });
  try {
    const pdf = await renderCreditNotePdf(found.document);
    return new NextResponse(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${found.note.number}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    log.error({ err: error, creditNote: found.note.number }, 'credit notes: PDF rendering failed');
    return NextResponse.json({ error: 'pdf_failed' }, { status: 500 });
  }
}
