import type { NewsArticle } from "./types";

export const article: NewsArticle = {
  slug: "news-victim-blaming",
  title: "Victim blaming: de schuld bij het slachtoffer leggen",
  description:
    "'Waarom ging je ook mee?' Zulke vragen leggen de verantwoordelijkheid bij het slachtoffer in plaats van bij de pleger. Wat is victim blaming en wat doet het?",
  image: {
    file: "victim-blaming.svg",
    alt: "Illustratie van een persoon, omringd door tekstballonnen met vraagtekens.",
  },
  pdf: "onderzoek-victim-blaming.pdf",
  blocks: [
    {
      type: "paragraph",
      text: "Victim blaming betekent dat een slachtoffer (deels) de schuld krijgt van wat diegene is aangedaan. Dat gebeurt vaak onbedoeld, in een vraag, een grap of een goedbedoeld advies. Toch legt het de verantwoordelijkheid op de verkeerde plek: bij degene die iets is aangedaan, in plaats van bij degene die de grens overschreed.",
    },
    { type: "heading", text: "Voorbeelden" },
    {
      type: "list",
      items: [
        "'Waarom ging je ook mee naar huis?'",
        "'Wat had je aan?'",
        "'Je had ook niet zoveel moeten drinken.'",
        "'Waarom zei je niet gewoon nee?'",
        "'Waarom vertel je dit nu pas?'",
      ],
    },
    { type: "heading", text: "Wat het doet" },
    {
      type: "paragraph",
      text: "Zulke reacties kunnen pijn doen en het gevoel versterken dat je zelf iets fout hebt gedaan. Wie zo'n reactie krijgt, kan besluiten er niet meer over te praten, ook niet met hulpverleners of de politie. En ook als niemand het rechtstreeks tegen een slachtoffer zegt, kunnen zulke opvattingen in de omgeving het moeilijker maken om hulp te zoeken.",
    },
    { type: "heading", text: "Hoe het anders kan" },
    {
      type: "list",
      items: [
        "Luister zonder te oordelen en neem het verhaal serieus.",
        "Stel geen waarom-vragen over wat het slachtoffer deed of liet.",
        "Zeg dat het niet diens schuld is: de verantwoordelijkheid ligt bij de pleger.",
        "Vraag wat iemand nodig heeft, in plaats van in te vullen wat goed voor diegene is.",
      ],
    },
    { type: "heading", text: "Over dit onderzoek" },
    {
      type: "paragraph",
      text: "Dit onderzoek gaat over victim blaming: in welke vormen mensen het tegenkomen en wat het met hen doet. Hoe het onderzoek is uitgevoerd en wat het heeft opgeleverd, lees je in het onderzoeksrapport dat je op deze pagina kunt downloaden.",
    },
  ],
};
