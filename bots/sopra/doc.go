// Package sopra holds bots for the Sopra Steria logo game: random (a random
// allowed move), collector (the shortest path to the nearest free logo,
// then home), brawler (hunts the carriers to slap them) and strong (scores
// each move by the logos it brings nearer, the slaps it gives and the slaps
// it risks, knowing who moves before whom).
//
// Every bot draws its random numbers from its seat's stream only, and a
// round allocates nothing once its buffers are sized.
package sopra
