import type { NewsArticle } from "./types";

export const article: NewsArticle = {
  slug: "news-genital-response",
  title: "Genitale respons: als je lichaam reageert terwijl je het niet wilt",
  description:
    "Een lichamelijke reactie tijdens ongewenste seks kan voorkomen en zegt niets over instemming. Wat is genitale respons en waarom is het belangrijk om erover te praten?",
  image: {
    file: "genitale-respons.svg",
    alt: "Abstracte illustratie van twee golvende lijnen die naast elkaar lopen maar niet gelijk op gaan.",
  },
  pdf: "onderzoek-genitale-respons.pdf",
  blocks: [
    {
      type: "paragraph",
      text: "Sommige mensen merken tijdens een ongewenste seksuele ervaring dat hun lichaam reageert, bijvoorbeeld met een erectie, vochtig worden of zelfs een orgasme. Achteraf kan dat heel verwarrend zijn. Het kan leiden tot schaamte, schuldgevoel of twijfel: wilde ik het dan misschien toch?",
    },
    { type: "heading", text: "Wat is genitale respons?" },
    {
      type: "paragraph",
      text: "Genitale respons is een lichamelijke reactie op seksuele prikkels, zoals aanraking. Die reactie gaat grotendeels vanzelf. Het lichaam kan reageren zonder dat iemand zich opgewonden voelt, iets wil of ergens mee instemt. Wat het lichaam doet en wat iemand voelt of wil, lopen dus niet altijd gelijk op.",
    },
    { type: "heading", text: "Wat het niet betekent" },
    {
      type: "list",
      items: [
        "Een lichamelijke reactie is geen instemming.",
        "Het betekent niet dat je het eigenlijk wilde of ervan genoot.",
        "Het maakt wat er gebeurde niet minder erg, en het is niet jouw schuld.",
      ],
    },
    {
      type: "paragraph",
      text: "Instemming gaat over wat iemand wil en laat merken, niet over wat een lichaam uit zichzelf doet.",
    },
    { type: "heading", text: "Waarom erover praten belangrijk is" },
    {
      type: "paragraph",
      text: "Omdat er weinig over gesproken wordt, denken mensen soms dat ze de enige zijn bij wie dit gebeurde. Dat kan het moeilijker maken om hulp te zoeken of om te vertellen wat er is gebeurd. Naasten, hulpverleners en anderen die zo'n verhaal horen, kunnen beter steunen als ze weten dat dit kan voorkomen.",
    },
    { type: "heading", text: "Over dit onderzoek" },
    {
      type: "paragraph",
      text: "Dit onderzoek gaat over genitale respons tijdens ongewenste seksuele ervaringen: hoe mensen die ervaring beleven en wat hen helpt om ermee om te gaan. Hoe het onderzoek is uitgevoerd en wat het heeft opgeleverd, lees je in het onderzoeksrapport dat je op deze pagina kunt downloaden.",
    },
  ],
};
