//pass
//--blockDim=64 --gridDim=4
// expect: drf — img: flat[64b + t] is img[b][t], the thread's own cell.
// Each block writes its row and reads it back, flat.
__global__ void rowsBelow(float (*img)[64], float *out)
{
    int b = blockIdx.x, t = threadIdx.x;
    img[b][t] = (float)t;
    float *flat = &img[0][0];
    out[b * 64 + t] = flat[b * 64 + t];
}
