/**
 * « Qui est concerné » (docs/compliance/who-is-concerned.md): from what the association does, whether
 * the till law (CGI art. 286 I 3° bis) binds it, why, and what follows — in plain French, with the
 * texts it rests on. Pure, shared by the admin screen and its tests; never claims a certification.
 */
import type { TillLawProfile } from './compliance.ts';

export interface TillLawAnswer {
  concerned: boolean;
  title: string;
  why: string;
  then: string[];
}

/** Charity events exempt from VAT an association may hold in a year. */
export const EXEMPT_EVENTS_PER_YEAR = 6;

export const TILL_LAW_TEXTS: ReadonlyArray<{ name: string; says: string }> = [
  {
    name: 'CGI, article 286, I, 3° bis',
    says: "Une personne assujettie à la TVA qui enregistre les ventes à des particuliers dans un logiciel ou système de caisse doit utiliser un système qui garantit l'inaltérabilité, la sécurisation, la conservation et l'archivage des données, prouvé par un certificat ou par l'attestation individuelle de l'éditeur conforme au modèle de l'administration.",
  },
  { name: 'CGI, article 1770 duodecies', says: 'Amende de 7 500 € par système de caisse qui ne remplit pas ces conditions.' },
  {
    name: 'BOFiP, BOI-TVA-DECLA-30-10-30',
    says: "Les commentaires de l'administration sur les logiciels et systèmes de caisse : qui est concerné, les quatre conditions, les justificatifs.",
  },
];

export function tillLawApplies(profile: TillLawProfile): TillLawAnswer {
  if (!profile.vatLiable) {
    return {
      concerned: false,
      title: "La loi sur les logiciels de caisse ne s'applique pas à votre association.",
      why: "Elle ne vise que les personnes assujetties à la TVA. Une association qui n'y est pas assujettie (gestion désintéressée, activités exonérées) n'a pas à justifier de son logiciel de caisse.",
      then: [
        'Vous pouvez utiliser la caisse de Kermesse sans attestation. Ses protections (journal chaîné, clôtures signées, archives) restent en place et vous aident à tenir des comptes sûrs.',
        'Si votre situation change (activité lucrative, assujettissement à la TVA), revenez sur cette page.',
      ],
    };
  }
  if (profile.onlyCharityEvents && profile.eventsPerYear <= EXEMPT_EVENTS_PER_YEAR) {
    return {
      concerned: false,
      title: "La loi sur les logiciels de caisse ne s'applique pas à vos ventes.",
      why: `Les recettes de manifestations de bienfaisance ou de soutien (fêtes, kermesses, lotos, tombolas) organisées au profit de l'association sont exonérées de TVA, dans la limite de ${EXEMPT_EVENTS_PER_YEAR} par an. Une association dont toutes les ventes sont exonérées n'est pas concernée.`,
      then: [
        `Ne dépassez pas ${EXEMPT_EVENTS_PER_YEAR} manifestations de ce type dans l'année, et n'enregistrez pas dans la caisse une activité permanente (buvette ouverte toute l'année, boutique).`,
        'En cas de doute, votre service des impôts des entreprises tranche.',
      ],
    };
  }
  return {
    concerned: true,
    title: 'Votre association est concernée par la loi sur les logiciels de caisse.',
    why: profile.onlyCharityEvents
      ? `Au-delà de ${EXEMPT_EVENTS_PER_YEAR} manifestations de bienfaisance dans l'année, les suivantes ne sont plus exonérées de TVA : vous enregistrez alors des ventes soumises à la TVA dans votre caisse.`
      : 'Vous êtes assujettie à la TVA et enregistrez dans la caisse une activité permanente (une buvette, une boutique) : vos ventes sont soumises à la TVA.',
    then: [
      "Votre système de caisse doit garantir l'inaltérabilité, la sécurisation, la conservation et l'archivage des données. Kermesse les met en œuvre ; elle ne détient aucune certification.",
      "Demandez à qui vous fournit ou héberge Kermesse l'attestation individuelle de l'éditeur, signée, pour la version que vous utilisez (page « Conformité de la caisse »).",
      'Téléchargez chaque mois l’archive signée et conservez-la six ans avec la clé publique ; ne modifiez ni le logiciel ni la base de données.',
      "Sans logiciel conforme, l'amende est de 7 500 € par système de caisse.",
    ],
  };
}
