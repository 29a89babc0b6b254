import { LinkExpired } from '@/components/portal/link-expired';

/** An expired, revoked or wrong link: says so and offers a new one by email (docs/product-rules.md#links-that-no-longer-open). */
export default LinkExpired;
