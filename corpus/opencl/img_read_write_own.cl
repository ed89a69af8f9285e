//pass
//--local_size=64 --num_groups=2
// expect: drf — img: on a read_write image, each work-item reads and then writes its own pixel (x, 0) only
// cl-std: CL2.0
__kernel void scale_in_place(read_write image2d_t img)
{
    int x = get_global_id(0);
    float4 v = read_imagef(img, (int2)(x, 0));
    write_imagef(img, (int2)(x, 0), 2.0f * v);
}
