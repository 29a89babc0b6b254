import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { action, ActionFailure } from './action';
import { Refusal } from './refusal';

const schema = z.object({ name: z.string().trim().min(1, 'required'), qty: z.coerce.number().int().min(0).max(99) });

describe('action(schema, fn)', () => {
  const echo = action(schema, async (input) => ({ greeting: `Hello ${input.name}`, qty: input.qty }));

  it('answers the handler result on valid input', async () => {
    expect(await echo({ name: ' Anna ', qty: 2 })).toEqual({ ok: true, data: { greeting: 'Hello Anna', qty: 2 } });
  });

  it('answers validation errors per field with the submitted values, and never runs the handler', async () => {
    let ran = false;
    const guarded = action(schema, async () => {
      ran = true;
    });
    const r = await guarded({ name: '', qty: 500 } as never);
    expect(ran).toBe(false);
    expect(r).toMatchObject({ ok: false, error: 'validation', message: 'Please check the highlighted fields and try again.' });
    if (r.ok) return;
    expect(Object.keys(r.fieldErrors ?? {}).sort()).toEqual(['name', 'qty']);
    expect(r.values).toEqual({ name: '', qty: 500 });
  });

  it('reads forms from useActionState (previous state, FormData) and keeps secret fields out of the echo', async () => {
    const signIn = action(z.object({ email: z.email(), password: z.string().min(10) }), async (i) => i.email, { secretFields: ['password'] });
    const form = new FormData();
    form.set('email', 'not-an-email');
    form.set('password', 'short');
    const r = await signIn(null, form);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.values).toEqual({ email: 'not-an-email' });
  });

  it('turns ActionFailure into its code and message, and any other error into a generic failure', async () => {
    const soldOut = action(schema, async () => {
      throw new ActionFailure('sold_out', 'This unit type is currently sold out.', { details: ['m'] });
    });
    expect(await soldOut({ name: 'A', qty: 1 })).toEqual({ ok: false, error: 'sold_out', message: 'This unit type is currently sold out.', details: ['m'] });
    const broken = action(schema, async () => {
      throw new Error('database exploded: secret detail');
    });
    const r = await broken({ name: 'A', qty: 1 });
    expect(r).toEqual({ ok: false, error: 'server_error', message: 'Something went wrong on our side. Nothing was saved; please try again.' });
  });

  it('answers a refusal any domain throws in its own words and the asker\'s language, the one way (no mapping in the action)', async () => {
    class NotNow extends Refusal {
      readonly code = 'date_future';
      say(locale: string) {
        const message = locale === 'th' ? 'ยังไม่ถึงวันนั้น' : 'That day has not come yet.';
        return { message, fieldErrors: { date: [message] } };
      }
    }
    class Gone extends Refusal {
      readonly code = 'not_allowed';
      say() {
        return { error: 'no_pin', message: 'There is no PIN to show.' };
      }
    }
    const early = action(schema, async () => {
      throw new NotNow();
    });
    expect(await early({ name: 'A', qty: 1 })).toEqual({ ok: false, error: 'date_future', message: 'That day has not come yet.', fieldErrors: { date: ['That day has not come yet.'] } });
    const gone = action(schema, async () => {
      throw new Gone();
    });
    expect(await gone({ name: 'A', qty: 1 })).toEqual({ ok: false, error: 'no_pin', message: 'There is no PIN to show.' });
  });

  it('refuses a staff-only action to a visitor before parsing anything', async () => {
    const adminOnly = action(schema, async () => 'done', { role: 'admin' });
    expect(await adminOnly({ name: 'A', qty: 1 })).toEqual({ ok: false, error: 'forbidden', message: 'You are not allowed to do this.' });
  });
});
