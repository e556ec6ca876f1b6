// Saved classes ("My list"): the one list every card, the class page, the player and the home read.
export { favouritesOf, useFavourites } from './favourites';
