module doppel.example/doppeltest

go 1.19
