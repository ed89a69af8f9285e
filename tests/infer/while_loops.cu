// while with an induction variable is exact; other whiles and do-whiles get
// an unknown trip count; a variable changed in a loop becomes an unknown.
__global__ void whiles(int *A, const int *next, int n)
{
    int i = threadIdx.x;
    while (i < n) {
        A[i] = 0;
        i += blockDim.x;
    }
    int j = threadIdx.x;
    while (next[j] != 0) {
        j = next[j];
        A[j] = 1;
    }
    int k = 0;
    do {
        A[k] = 2;
        k = k * 3 + 1;
    } while (k < n);
    A[k] = 3;
}
