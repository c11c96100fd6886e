/** zod's own messages (those not written by the field builders) in Portuguese, on server and web alike. */
import { z } from 'zod';

z.config(z.locales.pt());
