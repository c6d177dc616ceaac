// POST /api/v1/images/edits: the service's image edit (multipart) through Atelier, with an atl_ key.
import { editImage } from '@/lib/api/edits';
import { withApiKey } from '@/lib/api/v1';

export const dynamic = 'force-dynamic';
export const maxDuration = 120;

export const POST = withApiKey(async (caller, request) => Response.json(await editImage(caller, request)));
