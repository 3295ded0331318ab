import { z } from 'zod';
import { EmailSchema } from '../auth/schemas.ts';

export const INQUIRY_TYPES = ['sales', 'technical', 'general'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  sales: 'Plans and pricing',
  technical: 'Technical help',
  general: 'General question',
};

export const ContactSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Name must be 100 characters or fewer'),
  email: EmailSchema,
  // The select starts empty (''), so the input is any string and the output one of the types.
  inquiryType: z.string().pipe(z.enum(INQUIRY_TYPES, 'Choose what your message is about')),
  subject: z.string().trim().min(1, 'Enter a subject').max(200, 'Subject must be 200 characters or fewer'),
  message: z
    .string()
    .trim()
    .min(10, 'Your message must be at least 10 characters')
    .max(5000, 'Your message must be 5,000 characters or fewer'),
});

export type ContactInput = z.input<typeof ContactSchema>;
export type ContactRequest = z.output<typeof ContactSchema>;
