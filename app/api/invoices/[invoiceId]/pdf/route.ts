import { NextResponse, type NextRequest } from 'next/server';
import { invoiceForRequest, documentOf } from '@/lib/invoices/load';
import { renderInvoicePdf } from '@/lib/invoices/pdf';
import { log } from '@/lib/log';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** GET /api/invoices/{id}/pdf?token=… — the invoice, receipt or Thai tax invoice as a PDF (signed link, portal or staff). */
export async function GET(request: NextRequest, ctx: { params: Promise<{ invoiceId: string }> }) {
  const { invoiceId } = await ctx.params;
  const params = Object.fromEntries(request.nextUrl.searchParams.entries());
  const invoice = await invoiceForRequest(invoiceId, params);
  if (!invoice) return NextResponse.json({ error: 'not_found' }, { status: 404 });
  try {
    const pdf = await renderInvoicePdf(documentOf(invoice));
    return new NextResponse(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${invoice.number}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    log.error({ err: error, invoice: invoice.number }, 'invoices: PDF rendering failed');
    return NextResponse.json({ error: 'pdf_failed' }, { status: 500 });
  }
}
