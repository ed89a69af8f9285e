//xfail:NOT_ALL_VERIFIED
//--blockDim=[64,4] --gridDim=[4,8]
// expect: racy — the last write goes to c - plane + 1, the next column of the plane before the last, which the neighbouring thread (i + 1) writes there too: its first write when the loop does not run (nz = 2), its last iteration's otherwise.
// The same sweep with the last plane's write shifted into the plane
// before it and one column over.
__global__ void sweepPlanesShifted(const float *in, float *out, int nx, int plane, int nz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i + 1 >= nx || j * nx + i >= plane)
        return;
    int c = j * nx + i;
    out[c] = in[c] + in[c + plane];
    c += plane;
    for (int k = 1; k < nz - 1; k++) {
        out[c] = in[c - plane] + in[c] + in[c + plane];
        c += plane;
    }
    out[c - plane + 1] = in[c - plane] + in[c];
}
