module doppel.example/goclient

go 1.19

require doppel.example/doppeltest v0.0.0

// The module ships in the doppel checkout and its release, not through a module proxy.
replace doppel.example/doppeltest => ../../clients/go/doppeltest
