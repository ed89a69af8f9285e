//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — nodes[].force: thread i does nodes[i+1].force -= f while thread i+1 does nodes[i+1].force += f (two non-atomic read-modify-writes of the same field).
// Spring forces along a chain stored as an array of structs; each spring
// updates both of its end nodes.
struct Node {
    float x;
    float force;
};

__global__ void springForces(Node *nodes, int n, float k, float rest)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        float f = k * ((nodes[i + 1].x - nodes[i].x) - rest);
        nodes[i].force += f;
        nodes[i + 1].force -= f;      // BUG: node i+1 is also updated by thread i+1
    }
}
