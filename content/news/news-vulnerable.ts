import type { NewsArticle } from "./types";

export const article: NewsArticle = {
  slug: "news-vulnerable",
  title: "'Kwetsbaar': over een veelgebruikt woord",
  description:
    "Mensen die seksueel geweld meemaakten, worden vaak 'kwetsbaar' genoemd. Wat zegt dat woord, en hoe kijken de mensen over wie het gaat er zelf tegenaan?",
  image: {
    file: "kwetsbaar.svg",
    alt: "Illustratie van een jong plantje dat tussen stenen omhoog groeit.",
  },
  pdf: "onderzoek-kwetsbaar.pdf",
  blocks: [
    {
      type: "paragraph",
      text: "In beleid, onderzoek, media en hulpverlening wordt vaak gesproken over kwetsbare groepen of kwetsbare mensen. Het woord is meestal goed bedoeld: het vraagt aandacht voor mensen die meer risico lopen of extra steun nodig hebben. Toch is het minder neutraal dan het lijkt.",
    },
    { type: "heading", text: "Wat een woord kan doen" },
    {
      type: "paragraph",
      text: "Wie kwetsbaar genoemd wordt, kan dat ervaren als een etiket. Het woord kan suggereren dat het probleem bij de persoon zelf ligt, in plaats van bij de situatie waarin iemand zich bevindt of bij degene die grenzen overschrijdt. Ook kan het de kracht en veerkracht van mensen uit beeld laten verdwijnen. Het maakt verschil hoe je het zegt:",
    },
    {
      type: "list",
      items: [
        "Kwetsbaar zijn: alsof het een eigenschap van iemand is.",
        "In een kwetsbare positie zijn: de nadruk ligt op de omstandigheden, zoals afhankelijkheid, geldzorgen of moeilijk toegang hebben tot hulp.",
        "Kwetsbaar gemaakt worden: de nadruk ligt op wat anderen doen, bijvoorbeeld iemand die misbruik maakt van een machtspositie.",
      ],
    },
    { type: "heading", text: "Waarom dit ertoe doet" },
    {
      type: "paragraph",
      text: "De woorden die we kiezen, beïnvloeden hoe er over mensen gedacht en gesproken wordt, en welke oplossingen er worden gezocht. Daarom is het belangrijk om te weten hoe de mensen over wie het gaat zelf naar zo'n woord kijken.",
    },
    { type: "heading", text: "Over dit onderzoek" },
    {
      type: "paragraph",
      text: "Dit onderzoek gaat over het woord kwetsbaar: hoe mensen die seksueel grensoverschrijdend gedrag meemaakten het woord ervaren, en welke woorden zij zelf passend vinden. Hoe het onderzoek is uitgevoerd en wat het heeft opgeleverd, lees je in het onderzoeksrapport dat je op deze pagina kunt downloaden.",
    },
  ],
};
