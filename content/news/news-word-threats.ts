import type { NewsArticle } from "./types";

export const article: NewsArticle = {
  slug: "news-word-threats",
  title: "Dreigen met woorden: grensoverschrijdend zonder geweld",
  description:
    "Seksueel grensoverschrijdend gedrag gaat niet altijd samen met fysiek geweld. Ook met woorden kan iemand onder druk worden gezet of bedreigd.",
  image: {
    file: "dreigen-met-woorden.svg",
    alt: "Illustratie van een grote tekstballon boven een kleinere figuur.",
  },
  pdf: "onderzoek-dreigen-met-woorden.pdf",
  blocks: [
    {
      type: "paragraph",
      text: "Bij seksueel geweld denken veel mensen aan fysiek geweld. Maar iemand kan ook met woorden onder druk worden gezet om seksuele handelingen te doen of toe te laten. Dat kan heel direct gebeuren, maar ook subtiel en geleidelijk. Daardoor wordt het lang niet altijd meteen herkend, ook niet door degene die het overkomt.",
    },
    { type: "heading", text: "Hoe ziet dat eruit?" },
    {
      type: "list",
      items: [
        "Dreigen de relatie te verbreken of iemand buiten te sluiten.",
        "Dreigen intieme foto's of video's te verspreiden.",
        "Dreigen met geweld tegen iemand of tegen mensen om wie diegene geeft.",
        "Blijven aandringen, zeuren of iemand een schuldgevoel aanpraten.",
        "Misbruik maken van een afhankelijke positie, bijvoorbeeld op het werk of in een hulpverleningsrelatie.",
      ],
    },
    {
      type: "paragraph",
      text: "Ook als er geen geweld is gebruikt en iemand uiteindelijk ja zei, kan er sprake zijn van seksueel grensoverschrijdend gedrag. Een ja onder druk of uit angst is geen vrije keuze.",
    },
    { type: "heading", text: "Waarom het vaak niet herkend wordt" },
    {
      type: "paragraph",
      text: "Wie met woorden onder druk is gezet, twijfelt achteraf soms of het wel erg genoeg was om er iets over te zeggen. Ook de omgeving ziet woorden niet altijd als een vorm van dwang. Daardoor blijft deze vorm van grensoverschrijdend gedrag vaak onzichtbaar, terwijl de gevolgen groot kunnen zijn.",
    },
    { type: "heading", text: "Over dit onderzoek" },
    {
      type: "paragraph",
      text: "Dit onderzoek gaat over dreigen met woorden bij seksueel grensoverschrijdend gedrag: welke vormen het kan aannemen en hoe mensen die het meemaakten erop terugkijken. Hoe het onderzoek is uitgevoerd en wat het heeft opgeleverd, lees je in het onderzoeksrapport dat je op deze pagina kunt downloaden.",
    },
  ],
};
