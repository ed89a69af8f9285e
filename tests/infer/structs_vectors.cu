// A[i].x is an access to A[i]; vector types are elements.
struct Particle { float x, y, vx, vy; };
__global__ void move(Particle *P, float4 *V, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        P[i].x += P[i].vx;
        float4 v = V[i];
        v.x = 0.0f;
        V[i] = v;
    }
}
