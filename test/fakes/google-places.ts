import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepConnections } from './keep-alive';

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

export type PlacesAnswer = { status?: number; body: unknown };

export const FAKE_REVIEWS = [
  {
    author_name: 'Nattapong Srisuk',
    author_url: 'https://www.google.com/maps/contrib/1',
    profile_photo_url: 'https://lh3.googleusercontent.com/a/photo1',
    rating: 5,
    relative_time_description: 'a week ago',
    text: 'Clean units and very helpful staff.',
    time: 1_763_000_000,
    language: 'en',
  },
  {
    author_name: 'Olga Petrova',
    rating: 4,
    relative_time_description: '3 weeks ago',
    text: 'Good place, easy access.',
    time: 1_761_000_000,
  },
];

/** What Google Place Details answers for a place with reviews. */
export function placeDetailsOk(overrides: { rating?: number; total?: number; reviews?: unknown[] } = {}): PlacesAnswer {
  return {
    body: {
      html_attributions: [],
      result: {
        rating: overrides.rating ?? 4.9,
        user_ratings_total: overrides.total ?? 87,
        reviews: overrides.reviews ?? FAKE_REVIEWS,
      },
      status: 'OK',
    },
  };
}

/** Google's answer for a rejected key (HTTP 200 with an error status, as the real API does). */
export function placeDetailsDenied(): PlacesAnswer {
  return { body: { html_attributions: [], error_message: 'The provided API key is invalid.', status: 'REQUEST_DENIED' } };
}

/**
 * A local stand-in for maps.googleapis.com on 127.0.0.1: records every request and answers with `next` (set it per
 * test). Only GET /maps/api/place/details/json exists, like the part of the real API we use.
 */
export async function startFakeGooglePlaces() {
  const requests: RecordedRequest[] = [];
  let next: PlacesAnswer = placeDetailsOk();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/maps/api/place/details/json') return send(404, { error: 'not found' });
    if (!url.searchParams.get('key')) return send(200, { status: 'REQUEST_DENIED', error_message: 'You must use an API key.' });
    send(next.status ?? 200, next.body);
  });
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerWith(answer: PlacesAnswer) {
      next = answer;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
