// ACME's own code: not managed by the template.
export const currency = 'EUR';
