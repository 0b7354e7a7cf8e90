import type { NewsArticle } from "./types";

export const article: NewsArticle = {
  slug: "news-bystanders",
  title: "Omstanders: wat kun je doen als je iets ziet?",
  description:
    "Seksueel grensoverschrijdend gedrag gebeurt soms terwijl anderen erbij zijn. Wat houdt omstanders tegen om in te grijpen, en wat kun je wel doen?",
  image: {
    file: "omstanders.svg",
    alt: "Illustratie van een groep mensen in rustige kleuren, van wie er één een stap naar voren zet.",
  },
  pdf: "onderzoek-omstanders.pdf",
  blocks: [
    {
      type: "paragraph",
      text: "Seksueel grensoverschrijdend gedrag vindt niet altijd plaats achter gesloten deuren. Het gebeurt ook op straat, tijdens het uitgaan, op het werk, op school of online, terwijl anderen het zien of horen. Die anderen noemen we omstanders. Zij kunnen een verschil maken: voor degene die het overkomt, en soms ook door het gedrag te helpen stoppen.",
    },
    { type: "heading", text: "Waarom grijpen mensen niet altijd in?" },
    {
      type: "paragraph",
      text: "Veel mensen willen helpen, maar doen op het moment zelf toch niets. Dat komt zelden door onverschilligheid. Vaak spelen er meerdere dingen tegelijk:",
    },
    {
      type: "list",
      items: [
        "Je weet niet zeker of wat je ziet echt over een grens gaat.",
        "Je denkt dat iemand anders wel zal ingrijpen, of dat het je niet aangaat.",
        "Je bent bang om het verkeerd te doen, of om zelf in gevaar te komen.",
        "Je weet niet goed wat je zou kunnen doen.",
      ],
    },
    {
      type: "paragraph",
      text: "Wanneer er veel mensen bij zijn, is het makkelijk om te denken dat een ander de verantwoordelijkheid wel neemt. In de psychologie heet dit het omstandereffect.",
    },
    { type: "heading", text: "Wat kun je doen?" },
    {
      type: "paragraph",
      text: "Ingrijpen hoeft niet groot of heldhaftig te zijn, en je eigen veiligheid gaat altijd voor. Er zijn verschillende manieren om iets te doen:",
    },
    {
      type: "list",
      items: [
        "Afleiden: onderbreek de situatie, bijvoorbeeld door iets te vragen of een gesprek te beginnen.",
        "Aanspreken: zeg rustig en duidelijk dat je ziet wat er gebeurt, als dat veilig kan.",
        "Hulp inschakelen: waarschuw een beveiliger, het personeel, een leidinggevende of, als er direct gevaar is, de politie via 112.",
        "Achteraf steunen: vraag degene die het overkwam hoe het gaat, luister en vraag wat diegene nodig heeft.",
      ],
    },
    { type: "heading", text: "Over dit onderzoek" },
    {
      type: "paragraph",
      text: "Dit onderzoek gaat over omstanders: hoe mensen reageren als ze seksueel grensoverschrijdend gedrag zien gebeuren, en wat hen helpt of tegenhoudt om in te grijpen. Hoe het onderzoek is uitgevoerd en wat het heeft opgeleverd, lees je in het onderzoeksrapport dat je op deze pagina kunt downloaden.",
    },
  ],
};
