// out[perm[i]] = in[i].  The host checks that perm is a permutation, so no
// two threads write one cell; a checker that does not know perm cannot tell.
__global__ void scatter(float *out, const float *in, const int *perm, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // mapkit-ignore: race on out (perm is a permutation, checked on the host)
        out[perm[i]] = in[i];
    }
}
