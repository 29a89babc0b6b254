import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { translator } from '@/lib/i18n/translator';
import { GET } from './route';

afterEach(() => resetEnvForTests());
const get = (query = '') => GET(new Request(`http://localhost/api/dev/emails${query}`));

describe('GET /api/dev/emails', () => {
  it('does not exist in production', async () => {
    setEnvForTests({ NODE_ENV: 'production' });
    expect((await get()).status).toBe(404);
    expect((await get('?template=unit-available&locale=th')).status).toBe(404);
  });

  it('in development lists every template in the three languages', async () => {
    setEnvForTests({ NODE_ENV: 'development' });
    const page = await (await get()).text();
    for (const l of ['en', 'th', 'ru']) expect(page).toContain(`?template=booking-confirmation-cash&locale=${l}`);
    expect(page).toContain('?template=draft-reminder&locale=ru&format=text');
  });

  it('renders a template as sent, in the language asked for', async () => {
    setEnvForTests({ NODE_ENV: 'development' });
    const res = await get('?template=unit-available&locale=th');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain(translator('th', 'emails')('unitAvailable.heading'));
    const text = await (await get('?template=draft-reminder&locale=ru&format=text')).text();
    expect(text.toLowerCase()).toContain(translator('ru', 'emails')('reminder.heading').toLowerCase());
    expect((await get('?template=nope')).status).toBe(404);
  });
});
