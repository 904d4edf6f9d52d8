module doppel.example/goclient

go 1.19
