import type { NewsArticle } from "./types";

export const article: NewsArticle = {
  slug: "news-reveal-home",
  title: "Vertellen thuis: praten over seksueel geweld met je naasten",
  description:
    "Aan je partner, ouders of huisgenoten vertellen wat je is overkomen, is voor veel mensen een grote stap. Wat maakt het moeilijk, en wat helpt?",
  image: {
    file: "vertellen-thuis.svg",
    alt: "Illustratie van een huis met daarin twee mensen in gesprek.",
  },
  pdf: "onderzoek-vertellen-thuis.pdf",
  blocks: [
    {
      type: "paragraph",
      text: "Wie seksueel geweld heeft meegemaakt, twijfelt vaak of, wanneer en aan wie die het vertelt. Thuis vertellen, aan een partner, ouders, kinderen of huisgenoten, kan extra moeilijk zijn. Juist omdat deze mensen dichtbij staan, kan hun reactie veel betekenen.",
    },
    { type: "heading", text: "Waarom vertellen moeilijk kan zijn" },
    {
      type: "list",
      items: [
        "Angst om niet geloofd te worden of de schuld te krijgen.",
        "Schaamte, of het gevoel de ander ermee te belasten.",
        "Zorgen over wat er daarna gebeurt, bijvoorbeeld als de pleger een bekende van het gezin is.",
        "Niet weten hoe je het moet zeggen.",
      ],
    },
    { type: "heading", text: "Als iemand het aan jou vertelt" },
    {
      type: "paragraph",
      text: "Hoe je reageert, kan veel verschil maken. Je hoeft niet alle antwoorden te hebben. Deze dingen helpen vaak:",
    },
    {
      type: "list",
      items: [
        "Luister rustig en laat de ander in diens eigen tempo vertellen.",
        "Laat merken dat je de ander gelooft en dat het niet diens schuld is.",
        "Vraag wat de ander nodig heeft en neem geen beslissingen over diens hoofd heen.",
        "Zorg ook voor jezelf: ook als naaste kun je steun of advies vragen.",
      ],
    },
    { type: "heading", text: "Zelf vertellen" },
    {
      type: "paragraph",
      text: "Er is geen goed of fout moment om te vertellen. Sommige mensen kiezen eerst één persoon die ze vertrouwen. Anderen bedenken vooraf wat ze willen zeggen, of praten eerst met een hulpverlener. Je bepaalt zelf wat je vertelt en hoeveel.",
    },
    { type: "heading", text: "Over dit onderzoek" },
    {
      type: "paragraph",
      text: "Dit onderzoek gaat over vertellen thuis: hoe mensen die seksueel geweld meemaakten het wel of niet aan hun naasten vertelden, en welke reacties hen hielpen of juist niet. Hoe het onderzoek is uitgevoerd en wat het heeft opgeleverd, lees je in het onderzoeksrapport dat je op deze pagina kunt downloaden.",
    },
  ],
};
