/** The shape of a catalogue entry both data sets draw products and services from. */

type Unidade = 'un' | 'm' | 'kg' | 'cx';
/** name, unit, price range in reais */
export type ProductTemplate = readonly [string, Unidade, number, number];
/** name, price range in reais */
export type ServiceTemplate = readonly [string, number, number];
