import { describe, expect, it } from 'vitest';
import { tillLawApplies } from './tillLaw.ts';

describe('« Qui est concerné »', () => {
  it('leaves out an association not liable to VAT, whatever it sells', () => {
    const answer = tillLawApplies({ vatLiable: false, onlyCharityEvents: false, eventsPerYear: 40 });
    expect(answer.concerned).toBe(false);
    expect(answer.title).toBe("La loi sur les logiciels de caisse ne s'applique pas à votre association.");
  });

  it('leaves out six exempt charity events a year, not a seventh nor a permanent bar', () => {
    expect(tillLawApplies({ vatLiable: true, onlyCharityEvents: true, eventsPerYear: 6 }).concerned).toBe(false);
    const seventh = tillLawApplies({ vatLiable: true, onlyCharityEvents: true, eventsPerYear: 7 });
    expect(seventh.concerned).toBe(true);
    expect(seventh.why).toContain('Au-delà de 6 manifestations');
    const bar = tillLawApplies({ vatLiable: true, onlyCharityEvents: false, eventsPerYear: 2 });
    expect(bar.concerned).toBe(true);
    expect(bar.then.join(' ')).toContain('elle ne détient aucune certification');
    expect(bar.then.join(' ')).toContain('7 500 €');
  });
});
