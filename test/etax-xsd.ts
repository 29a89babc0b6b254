// Validates an e-Tax XML against the vendored ETDA schema (lib/invoices/etax/schema) with libxml2 compiled to WebAssembly: no network,
// no native binary. Used by the tests; a few seconds per call (the code lists are large).
import fs from 'node:fs';
import path from 'node:path';

export const ETAX_SCHEMA_DIR = path.join(import.meta.dirname, '..', 'lib', 'invoices', 'etax', 'schema');
export const ETAX_SCHEMAS = {
  taxInvoice: 'ETDA/data/standard/TaxInvoice_CrossIndustryInvoice_2p1.xsd',
  creditNote: 'ETDA/data/standard/DebitCreditNote_CrossIndustryInvoice_2p1.xsd',
  receipt: 'ETDA/data/standard/Receipt_CrossIndustryInvoice_2p1.xsd',
} as const;

function schemaFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? schemaFiles(path.join(dir, e.name), base) : e.name.endsWith('.xsd') ? [path.relative(base, path.join(dir, e.name))] : []));
}

export async function validateEtaxXml(xml: string, schema: keyof typeof ETAX_SCHEMAS): Promise<{ valid: boolean; errors: string[] }> {
  const { validateXML } = await import('xmllint-wasm');
  const main = ETAX_SCHEMAS[schema];
  const read = (rel: string) => fs.readFileSync(path.join(ETAX_SCHEMA_DIR, rel), 'utf8');
  const r = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: { fileName: main, contents: read(main) },
    preload: schemaFiles(ETAX_SCHEMA_DIR).filter((f) => f !== main).map((f) => ({ fileName: f, contents: read(f) })),
    initialMemoryPages: 4096,
    maxMemoryPages: 16384,
  });
  return { valid: r.valid, errors: r.errors.map((e) => e.rawMessage) };
}
