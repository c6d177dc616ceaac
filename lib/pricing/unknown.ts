import { AppError } from '../errors';

/** Atelier will not run what it cannot price: an unknown price must never pass a budget as 0. */
export function priceUnknown(models: string[]): AppError {
  const list = models.join(', ');
  return new AppError(
    'price_unknown',
    `Atelier has no price for ${list}: the service lists none and the operator's price table has none, so it cannot be checked against the budget.`,
    {
      key: 'priceUnknown',
      values: { models: list },
    },
  );
}
